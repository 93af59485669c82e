import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

// A production server (server/server.mjs, the build `next build` made) that a test owns: started
// on its own port and database, stopped by SIGTERM or killed with SIGKILL like a crash would.

export const ADMIN_PASSWORD = 'Admin12345';

type Answer = { code: number; message: string; data: unknown };

export type ServerEnv = { port: number; databaseUrl: string; pgliteDir: string; root: string };

export type RunningServer = {
  token: string;
  /** POST a manage call; the promise rejects when the server dies before answering. */
  post: (action: string, data: unknown, method?: 'POST' | 'DELETE') => Promise<Answer>;
  kill9: () => Promise<void>;
  stop: () => Promise<void>;
  /** The exit code once the process has exited (null while it runs or when a signal ended it). */
  exitCode: () => number | null;
  output: () => string;
};

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : once(child, 'exit').then(() => {});

/** Spawns the server; resolves once the child exists (not ready yet). */
export const spawnServer = ({ port, databaseUrl, pgliteDir, root }: ServerEnv) => {
  let log = '';
  const child = spawn(process.execPath, [path.join(process.cwd(), 'server', 'server.mjs')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PGLITE_DIR: pgliteDir,
      SESSION_SECRET_FILE: path.join(root, 'session-secret'),
      UPLOAD_DIR: path.join(root, 'uploads'),
      ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return { child, output: () => log };
};

const call = async ({
  base,
  token,
  action,
  data,
  method = 'POST',
}: {
  base: string;
  token?: string;
  action: string;
  data: unknown;
  method?: string;
}) => {
  const response = await fetch(`${base}/api/v1/manage/${action}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(data),
  });
  return (await response.json()) as Answer;
};

/** Starts the server and waits until an admin can sign in (the database is open and migrated). */
export const startServer = async (env: ServerEnv): Promise<RunningServer> => {
  const { child, output } = spawnServer(env);
  const base = `http://127.0.0.1:${env.port}`;
  let token = '';
  for (const started = Date.now(); !token;) {
    if (child.exitCode !== null) throw new Error(`服务器启动失败：\n${output()}`);
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`服务器 90 秒内未就绪：\n${output()}`);
    }
    const answer = await call({
      base,
      action: 'login/login',
      data: { username: 'admin', password: ADMIN_PASSWORD },
    }).catch(() => null);
    if (answer?.code === 200) token = (answer.data as { token: string }).token;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    token,
    post: (action, data, method = 'POST') => call({ base, token, action, data, method }),
    kill9: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
    exitCode: () => child.exitCode,
    output,
  };
};

/** Resolves when `check` holds, polling every 20 ms; rejects after `timeoutMs`. */
export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > timeoutMs) throw new Error(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
