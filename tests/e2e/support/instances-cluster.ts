import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startTestS3, type TestS3 } from '../../storage/helpers/s3-server';

// Two instances of the built app (server/server.mjs, as `npm start` serves it) on one fresh
// PostgreSQL database and one s3rver, started at the same moment, as a load balancer would have
// them. Ports: E2E_PORT + 1 and + 2 for the instances, + 3 for s3rver.

export const ADMIN_PASSWORD = 'Admin12345';
/** How long a process may answer from a session row it read (the default, set explicitly). */
export const SESSION_CACHE_MS = 1000;

export type LogLine = Record<string, unknown> & { msg?: string };
export type Instance = {
  name: string;
  base: string;
  /** The JSON lines it wrote to stdout so far. */
  lines: LogLine[];
  child: ChildProcess;
};

export type Cluster = {
  a: Instance;
  b: Instance;
  s3: TestS3;
  /** A query on the instances' database, as another process would make it. */
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  stop: () => Promise<void>;
};

const root = path.resolve(__dirname, '..', '..', '..');
const e2ePort = Number(process.env.E2E_PORT || 3210);

const withAdmin = async (adminUrl: string, text: string) => {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

const startInstance = ({ name, port, env }: { name: string; port: number; env: NodeJS.ProcessEnv }) => {
  const child = spawn(process.execPath, [path.join(root, 'server', 'server.mjs')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, base: `http://127.0.0.1:${port}`, lines: [], child };
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = pending + chunk.toString();
    const parts = text.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        instance.lines.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    }
  });
  // Start-up failures and Next's own messages, for the test's output.
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return instance;
};

const waitUntilServing = async (instance: Instance) => {
  for (let i = 0; i < 240; i += 1) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited (${instance.child.exitCode})`);
    try {
      if ((await fetch(`${instance.base}/login`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not start`);
};

const stopInstance = async (instance: Instance) => {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
};

export const startCluster = async ({ adminUrl }: { adminUrl: string }): Promise<Cluster> => {
  const dbName = `cms_instances_${randomBytes(5).toString('hex')}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  await withAdmin(adminUrl, `CREATE DATABASE "${dbName}"`);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-instances-'));
  let s3: TestS3 | null = null;
  const instances: Instance[] = [];
  const client = new Client({ connectionString: dbUrl.toString() });
  const stop = async () => {
    await Promise.all(instances.map(stopInstance));
    await client.end().catch(() => {});
    await s3?.stop();
    await withAdmin(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    fs.rmSync(temp, { recursive: true, force: true });
  };
  try {
    s3 = await startTestS3({ port: e2ePort + 3 });
    const env = (name: string): NodeJS.ProcessEnv => {
      const base: NodeJS.ProcessEnv = { ...process.env };
      // No SESSION_SECRET: the instances must agree on the page cookie's secret by themselves.
      delete base.SESSION_SECRET;
      return {
        ...base,
        ...s3!.env,
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        STORAGE_DRIVER: 's3',
        UPLOAD_DIR: path.join(temp, name, 'uploads'),
        SESSION_SECRET_FILE: path.join(temp, name, 'session-secret'),
        SESSION_CACHE_MS: String(SESSION_CACHE_MS),
        ADMIN_PASSWORD,
        // Behind one proxy (the test plays it): its X-Forwarded-For and X-Request-Id are trusted.
        TRUST_PROXY_HOPS: '1',
        LOG_LEVEL: 'info',
      };
    };
    // Both at the same moment on the empty database: both migrate and create the first admin.
    instances.push(startInstance({ name: 'A', port: e2ePort + 1, env: env('a') }));
    instances.push(startInstance({ name: 'B', port: e2ePort + 2, env: env('b') }));
    await Promise.all(instances.map(waitUntilServing));
    await client.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    a: instances[0],
    b: instances[1],
    s3: s3!,
    sql: async (text, values) => (await client.query(text, values)).rows,
    stop,
  };
};

export type Answer<T = unknown> = {
  status: number;
  headers: Headers;
  code: number;
  message: string;
  data: T;
};

/** A manage API call to one instance, as a proxy in front of both would forward it. */
export const api = async <T = unknown>(
  instance: Instance,
  route: string,
  {
    token,
    body,
    method = body === undefined ? 'GET' : 'POST',
    headers = {},
  }: { token?: string; body?: unknown; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> => {
  const response = await fetch(`${instance.base}/api/v1/manage/${route}`, {
    method,
    headers: {
      'x-forwarded-for': '198.51.100.20',
      ...(token ? { 'x-token': token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { code, message, data } = (await response.json()) as Answer<T>;
  return { status: response.status, headers: response.headers, code, message, data };
};

export const login = async (instance: Instance, username: string, password: string) => {
  const answer = await api<{ token: string }>(instance, 'login/login', { body: { username, password } });
  if (answer.code !== 200) throw new Error(`login on ${instance.name}: ${answer.message}`);
  return answer.data.token;
};

/** Polls `check` until it holds; answers how long that took (ms), or throws after `limitMs`. */
export const msUntil = async (check: () => Promise<boolean>, limitMs = 10_000) => {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`still not true after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
};
