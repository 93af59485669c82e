// The npm registry reachable here serves only the Linux builds of packages such as @next/swc-* and
// @unrs/resolver-binding-*, so `npm install` leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds lock entries for
// them, marked optional with their os/cpu, which `npm ci` skips on Linux. Run it after changing
// dependencies: `npm install && node scripts/lock-platform-stubs.mjs`.
import fs from 'node:fs';

const PLATFORM_SUFFIXES = [
  ['darwin-arm64', 'darwin', 'arm64'],
  ['darwin-x64', 'darwin', 'x64'],
  ['darwin-universal', 'darwin', null],
  ['win32-arm64-msvc', 'win32', 'arm64'],
  ['win32-x64-msvc', 'win32', 'x64'],
  ['win32-ia32-msvc', 'win32', 'ia32'],
  ['android-arm-eabi', 'android', 'arm'],
  ['android-arm64', 'android', 'arm64'],
  ['freebsd-x64', 'freebsd', 'x64'],
  ['openharmony-arm64', 'openharmony', 'arm64'],
  ['linux-arm-gnueabihf', 'linux', 'arm'],
  ['linux-arm-musleabihf', 'linux', 'arm'],
  ['linux-loong64-gnu', 'linux', 'loong64'],
  ['linux-loong64-musl', 'linux', 'loong64'],
  ['linux-ppc64-gnu', 'linux', 'ppc64'],
  ['linux-riscv64-gnu', 'linux', 'riscv64'],
  ['linux-riscv64-musl', 'linux', 'riscv64'],
  ['linux-s390x-gnu', 'linux', 's390x'],
];

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/${key}`]) continue;
    const platform = PLATFORM_SUFFIXES.find(([suffix]) => name.endsWith(`-${suffix}`));
    if (!platform) continue;
    const [, os, cpu] = platform;
    packages[key] = {
      version: version.replace(/^[\^~=]/, ''),
      optional: true,
      os: [os],
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-stubs: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
