// docker-compose.yml, .env.example, docs/CONFIGURATION.md, docs/OPERATIONS.md and the code must name the
// same services, ports, volumes and variables. YAML is read with `yaml` (in node_modules through @emotion's babel plugin).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { readDockerfile, REPO_ROOT } from '../helpers/dockerfile';

type Service = {
  image?: string;
  build?: string | { context: string };
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
  restart?: string;
};

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const composeText = read('docker-compose.yml');
const compose = YAML.parse(composeText) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { services } = compose;
const { final: image } = readDockerfile();

// .env.example: `NAME=value` lines are docker compose's; `# NAME=value` lines document the app's.
const envLines = read('.env.example')
  .split('\n')
  .map((line) => /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
  .filter((match) => match !== null);
const envActive = new Map(envLines.filter((m) => !m[1]).map((m) => [m[2], m[3]]));
const envDocumented = new Set(envLines.map((m) => m[2]));

// ${NAME}, ${NAME:-default}, ${NAME:?message} in the compose file; $$ escapes a shell's own $.
const composeRefs = [...composeText.matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)(?::?([-?+])([^}]*))?\}/g)].map(
  ([, name, operator, value]) => ({ name, operator, value }),
);

// Every variable is in docs/CONFIGURATION.md's tables; how to run the app is docs/OPERATIONS.md.
const configuration = read('docs/CONFIGURATION.md');
const operations = read('docs/OPERATIONS.md');
/** Variable names in the first column of a page's tables. */
const tableVariables = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));

/** Environment variables the app reads (lib, app, the server). */
const variablesTheCodeReads = () => {
  const files = ['instrumentation.ts', 'next.config.js'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory() && rel !== path.join('lib', 'generated')) walk(rel);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(rel);
    }
  };
  walk('lib');
  walk('app');
  walk('server');
  const names = new Set<string>();
  for (const file of files) {
    const source = read(file);
    for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b|\bname: '([A-Z][A-Z0-9_]*)'/g))
      names.add(match[1] ?? match[2]);
  }
  return names;
};
// Set by Node or Next, or only by tests and benchmarks (bench/bundle-report.mjs builds with
// BUNDLE_SOURCE_MAPS=1): nothing a deployment sets.
const NOT_SETTINGS = [
  'NODE_ENV',
  'NEXT_RUNTIME',
  'NEXT_PHASE',
  'NEXT_DIST_DIR',
  'PGLITE_LOAD_DUMP',
  'BUNDLE_SOURCE_MAPS',
  // Node's own: server/server.mjs only looks whether it already sets a V8 flag.
  'NODE_OPTIONS',
];

describe('docker-compose.yml', () => {
  it('runs the app, PostgreSQL 16, MinIO and a one-shot bucket maker', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'minio', 'minio-init', 'postgres']);
    expect(services.postgres.image).toBe('postgres:16');
    expect(services.minio.image).toMatch(/^minio\/minio:/);
    expect(services['minio-init'].image).toMatch(/^minio\/mc:/);
    expect(services['minio-init'].restart).toBe('no');
    expect(services['minio-init'].command?.join(' ')).toMatch(
      /mc mb --ignore-existing "local\/\$\$S3_BUCKET"/,
    );
  });

  it('builds the app from the Dockerfile and publishes the port it exposes', () => {
    expect([services.app.build, (services.app.build as { context?: string })?.context]).toContain('.');
    expect(services.app.ports).toEqual([`${image.expose[0]}:${image.expose[0]}`]);
    expect(services.minio.ports).toEqual(['9000:9000', '9001:9001']);
  });

  it('keeps each service’s data in a declared named volume, the app’s at the image’s VOLUME', () => {
    const mounts = Object.fromEntries(
      Object.entries(services).flatMap(([name, service]) =>
        (service.volumes ?? []).map((volume) => [name, volume.split(':')] as const),
      ),
    );
    expect(mounts).toEqual({
      app: ['app-data', image.volumes[0]],
      postgres: ['postgres-data', '/var/lib/postgresql/data'],
      minio: ['minio-data', '/data'],
    });
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'minio-data', 'postgres-data']);
  });

  it('starts the app once PostgreSQL and MinIO are healthy and the bucket exists', () => {
    expect(services.postgres.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
    expect(services.minio.healthcheck?.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    expect(services.app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      minio: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
    expect(services['minio-init'].depends_on).toEqual({ minio: { condition: 'service_healthy' } });
  });

  it('wires the app to postgres and minio through variables the app reads', () => {
    const env = services.app.environment ?? {};
    expect(env.DATABASE_URL).toBe(
      'postgresql://${POSTGRES_USER:-cms}:${POSTGRES_PASSWORD:-cms-dev-password}@postgres:5432/${POSTGRES_DB:-cms}',
    );
    expect(env).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const documented = tableVariables(configuration);
    for (const name of Object.keys(env)) expect(documented).toContain(name);
    // MinIO's root user is the app's key pair.
    expect(services.minio.environment?.MINIO_ROOT_USER).toBe(env.S3_ACCESS_KEY_ID);
    expect(services.minio.environment?.MINIO_ROOT_PASSWORD).toBe(env.S3_SECRET_ACCESS_KEY);
  });

  it('takes its variables from .env.example, with the same values as defaults', () => {
    expect(composeRefs.length).toBeGreaterThan(0);
    for (const ref of composeRefs) {
      expect([ref.name, envActive.has(ref.name)]).toEqual([ref.name, true]);
      expect([ref.name, ref.operator, ref.value]).toEqual([ref.name, '-', envActive.get(ref.name)]);
    }
    expect([...envActive.keys()].sort()).toEqual([...new Set(composeRefs.map((ref) => ref.name))].sort());
  });

  it('puts the PostgreSQL client of the compose server’s major version in the image (pg_dump must match it)', () => {
    const serverMajor = services.postgres.image?.split(':')[1];
    expect(image.runs.join('\n')).toMatch(new RegExp(`\\bpostgresql${serverMajor}-client\\b`));
  });
});

describe('.env.example and the documentation', () => {
  it('.env.example documents every variable the app reads', () => {
    const names = [...variablesTheCodeReads()].filter((name) => !NOT_SETTINGS.includes(name));
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((name) => !envDocumented.has(name))).toEqual([]);
  });

  it('docs/CONFIGURATION.md’s variable tables list exactly the variables of .env.example', () => {
    const documented = new Set(tableVariables(configuration));
    expect([...documented].sort()).toEqual([...envDocumented].sort());
  });

  it('docs/OPERATIONS.md shows the commands, services, ports and volumes', () => {
    for (const text of [
      'docker build -t cms-admin .',
      'docker compose up',
      'http://localhost:3000',
      '/api/health',
      `${image.volumes[0]}`,
      '## Upgrades',
      '## Several instances',
      '## Backup and restore',
      ...Object.keys(services).map((name) => `\`${name}\``),
      ...Object.keys(compose.volumes).map((name) => `\`${name}\``),
    ])
      expect([text, operations.includes(text)]).toEqual([text, true]);
  });
});
