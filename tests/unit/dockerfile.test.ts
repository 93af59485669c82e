// The Dockerfile's rules, read with dockerfile-ast (tests/helpers/dockerfile.ts). Whether its
// payload runs is tests/e2e/container-payload.spec.ts's part (no container engine here).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { readDockerfile, REPO_ROOT, type Stage } from '../helpers/dockerfile';

const { stages, final, initialArgs } = readDockerfile();
const build = stages.find((stage) => stage.name && final.copies.some((copy) => copy.from === stage.name));

const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE|CREDENTIAL/i;

/** ENV or ARG lines anywhere in a Dockerfile that give a secret-looking name a value. */
const secretsIn = (stageList: Stage[], initialArgs: Record<string, string>) => [
  ...Object.entries(initialArgs).filter(([name, value]) => SECRET_NAME.test(name) && value),
  ...stageList.flatMap((stage) => [
    ...Object.entries(stage.env).filter(([name, value]) => SECRET_NAME.test(name) && value),
    ...stage.instructions
      .filter((item) => item.getKeyword() === 'ARG')
      .map((item) => (item.getArgumentsContent() ?? '').split('='))
      .filter(([name, value]) => SECRET_NAME.test(name) && value)
      .map(([name, value]) => [name, value]),
  ]),
];

const fromBuild = (source: string) =>
  final.copies.find((copy) => copy.from === build?.name && copy.sources.includes(source));

describe('Dockerfile', () => {
  it('is multi-stage: the runtime stage starts from a fresh base and takes only files from the build stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build).toBeDefined();
    expect(stages.map((stage) => stage.name)).not.toContain(final.image);
    // Same base in both stages: anything built for its libc runs in the other.
    expect(final.image).toBe(build?.image);
    expect(final.image).toMatch(/^node:\d+-alpine/);
    expect(final.copies.every((copy) => copy.from === build?.name)).toBe(true);
  });

  it('copies the standalone server, the static assets, public/ and the migrations into WORKDIR', () => {
    const workdir = build?.workdir ?? '';
    const at = (dest: string) => path.posix.resolve(final.workdir, dest);
    expect(at(fromBuild(`${workdir}/.next/standalone`)?.dest ?? '')).toBe(final.workdir);
    expect(at(fromBuild(`${workdir}/.next/static`)?.dest ?? '')).toBe(`${final.workdir}/.next/static`);
    expect(at(fromBuild(`${workdir}/public`)?.dest ?? '')).toBe(`${final.workdir}/public`);
    expect(at(fromBuild(`${workdir}/prisma/migrations`)?.dest ?? '')).toBe(
      `${final.workdir}/prisma/migrations`,
    );
    expect(fs.existsSync(path.join(REPO_ROOT, 'public'))).toBe(true);
  });

  it('has no dev dependencies in the final image: no install there and no node_modules copied in', () => {
    expect(final.runs.join('\n')).not.toMatch(/\b(npm|yarn|pnpm)\s+(ci|install|i)\b/);
    expect(final.copies.flatMap((copy) => copy.sources).join('\n')).not.toMatch(/node_modules/);
    // The build stage installs everything (dev dependencies build the app) from the lock file.
    expect(build?.runs.join('\n')).toMatch(/npm ci\b/);
    expect(build?.runs.join('\n')).toMatch(/next build/);
  });

  it('runs as a non-root user with NODE_ENV=production and the data folder as a volume it owns', () => {
    expect(final.user).toBeTruthy();
    expect(['root', '0']).not.toContain(final.user?.split(':')[0]);
    expect(final.env.NODE_ENV).toBe('production');
    const keywords = final.instructions.map((item) => item.getKeyword());
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.lastIndexOf('CMD'));
    expect(final.volumes).toEqual([`${final.workdir}/data`]);
    expect(final.runs.join('\n')).toMatch(
      new RegExp(
        `mkdir -p ${final.workdir}/data[^\\n]*chown ${final.user}:${final.user} ${final.workdir}/data`,
      ),
    );
  });

  it('exposes 3000, the port the server listens on, and checks /api/health there', () => {
    expect(final.expose).toEqual(['3000']);
    expect(final.env.PORT).toBe('3000');
    expect(final.env.HOST).toBe('0.0.0.0');
    expect(final.healthcheck?.command).toMatch(/^wget\b.*http:\/\/127\.0\.0\.1:\$\{PORT\}\/api\/health/);
    expect(final.healthcheck?.flags).toMatchObject({
      interval: expect.any(String),
      timeout: expect.any(String),
    });
    expect(fs.readFileSync(path.join(REPO_ROOT, 'app/api/health/route.ts'), 'utf8')).toMatch(
      /export const GET\b/,
    );
  });

  it('starts the server npm start runs, from files the standalone output carries', () => {
    expect(final.cmd).toEqual(['node', 'server/server.mjs']);
    // npm start serves in its own process: it imports the same server.
    expect(fs.readFileSync(path.join(REPO_ROOT, 'server/start.mjs'), 'utf8')).toMatch(
      /await import\('\.\/server\.mjs'\)/,
    );
    const config = createRequire(__filename)('../../next.config.js') as {
      output: string;
      outputFileTracingIncludes: Record<string, string[]>;
    };
    expect(config.output).toBe('standalone');
    // Every file of the server that runs in the container (all of server/ but npm start's launcher).
    const serverFiles = fs
      .readdirSync(path.join(REPO_ROOT, 'server'))
      .filter((name) => /\.m?js$/.test(name) && name !== 'start.mjs')
      .map((name) => `./server/${name}`);
    expect(serverFiles).toEqual(expect.arrayContaining(['./server/server.mjs', './server/api-routes.js']));
    expect(config.outputFileTracingIncludes['/**']).toEqual(
      expect.arrayContaining([
        ...serverFiles,
        // The names the server shares with lib/, and the JSON files it reads.
        './lib/http/server-handoff.js',
        // The data files' modes, which server/pglite-worker.mjs loads.
        './lib/db/private-nodefs.js',
        './lib/log/pino-options.json',
        './lib/http/internal-error.json',
        // The transaction limits, which also set how long SIGTERM lets running requests finish.
        './lib/db/transaction-limits.json',
      ]),
    );
  });

  it('gives no ENV or ARG with a secret-looking name a value (and that check does catch one)', () => {
    expect(secretsIn(stages, initialArgs)).toEqual([]);
    const sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-df-')), 'Dockerfile');
    fs.writeFileSync(
      sample,
      'ARG GITHUB_TOKEN=abc\nFROM node:22-alpine AS x\nARG DB_PASSWORD=p\nENV S3_SECRET_ACCESS_KEY=k LOG_LEVEL=info\n',
    );
    const parsed = readDockerfile(sample);
    expect(secretsIn(parsed.stages, parsed.initialArgs).map(([name]) => name)).toEqual([
      'GITHUB_TOKEN',
      'S3_SECRET_ACCESS_KEY',
      'DB_PASSWORD',
    ]);
    fs.rmSync(path.dirname(sample), { recursive: true });
  });

  it('.dockerignore keeps installed, built, data, test and secret files out of the context, and nothing the build needs', () => {
    const ignored = fs
      .readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining([
        'node_modules',
        '.next',
        'data',
        'tests',
        '.env',
        '.env.*',
        '.git',
        'lib/generated',
      ]),
    );
    for (const needed of [
      'package.json',
      'package-lock.json',
      'app',
      'lib',
      'components',
      'prisma',
      'server',
      'scripts',
      'public',
    ])
      expect(ignored).not.toContain(needed);
  });
});
