import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

// bench/soak.mjs's short form in CI (issue 24), against the built server (on a port free when it
// starts), on PGlite and on PostgreSQL (with s3rver): half a minute of the editors' mix, then SIGTERM
// and the check of every acknowledged write. The verdict's functional lines must pass: no 5xx and no
// call lost on the wire, no unexpected 4xx, exit 0. Its timing lines (list p99, event-loop delay) are
// printed, not judged: a CI machine's timings are not the benchmark's. --inject-lost-writes makes
// three acknowledged writes look lost before the check (after the server exited): the check must
// name exactly those three and the count two short — four problems and no other, which also says
// every other acknowledged write was found as acknowledged.
const soak = (args: string[], timeout: number, env: Record<string, string | undefined> = {}) => {
  const run = spawnSync(process.execPath, ['bench/soak.mjs', ...args], {
    encoding: 'utf8',
    timeout,
    env: { ...process.env, ...env },
  });
  const verdict = run.stdout.slice(run.stdout.indexOf('verdict'));
  console.log(verdict);
  if (run.stderr) console.log(run.stderr.slice(-4000));
  return { stdout: run.stdout, verdict };
};
const FUNCTIONAL = [
  /PASS {2}0 answers 5xx or lost on the wire/,
  /PASS {2}0 unexpected 4xx/,
  /PASS {2}SIGTERM at the end: exit code 0/,
];

// PGlite: its folder opened by the script once the server has exited; PostgreSQL (with s3rver): the
// run's own database on the server of TEST_DATABASE_URL.
for (const database of ['PGlite', 'PostgreSQL'] as const) {
  test(`bench/soak.mjs --inject-lost-writes（${database}）：被回退的保存、被删掉的新建、回收站里少了的删除，数据检查逐条指出`, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    test.skip(database === 'PostgreSQL' && !adminUrl, '未设置 TEST_DATABASE_URL（PostgreSQL）');
    test.setTimeout(180_000);
    const { stdout, verdict } = soak(
      [
        ...(database === 'PostgreSQL' ? ['--pg'] : []),
        ...['--minutes', '0.5', '--warmup', '5', '--items', '2000', '--rate', '30', '--editors', '5'],
        '--inject-lost-writes',
      ],
      170_000,
      database === 'PostgreSQL' ? { DATABASE_URL: adminUrl } : {},
    );
    console.log(stdout.slice(stdout.indexOf('injected lost writes'), stdout.indexOf('checking the data')));
    const injected = (what: string) => {
      const line = new RegExp(`^ {2}item (\\d+): acknowledged ${what}(.*)$`, 'm').exec(stdout);
      expect(line, `an item whose acknowledged ${what}`).not.toBeNull();
      return line!;
    };
    const [, saved, change] = injected('save set back');
    const [, acknowledgedTitle, seededTitle] = / \(title (.+) → (.+)\)/.exec(change) ?? [];
    const [, created] = injected('create deleted outright');
    const [, deleted] = injected('delete taken out of the 回收站');
    for (const line of FUNCTIONAL) expect(verdict).toMatch(line);
    // The three items, and the count of items + 回收站 two short: four problems, no other.
    expect(verdict).toMatch(/FAIL {2}data: [1-9]\d* items written checked, 4 problems/);
    expect(verdict).toContain(`data: item ${saved}: title ${seededTitle}, acknowledged ${acknowledgedTitle}`);
    expect(verdict).toContain(
      `data: item ${created}: acknowledged create, missing (neither listed nor in the 回收站)`,
    );
    expect(verdict).toContain(`data: item ${deleted}: deleted (acknowledged) but not in the 回收站`);
    const [, all, least] = /data: items \+ 回收站 = (\d+), expected (\d+)…/.exec(verdict) ?? [];
    expect(Number(all)).toBe(Number(least) - 2);
  });
}
