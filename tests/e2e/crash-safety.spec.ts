import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  burstOfSaves,
  checkAtomicity,
  checkSaves,
  createCategories,
  startBatchDelete,
  startRetype,
  type Categories,
} from './support/crash-cases';
import {
  clearProbeMarker,
  createPostgresDatabase,
  installProbe,
  probeReached,
  releasePostgresSessions,
  seedItems,
  withPglite,
  type ProbeName,
  type Sql,
} from './support/crash-db';
import {
  spawnServer,
  startServer,
  waitFor,
  type RunningServer,
  type ServerEnv,
} from './support/crash-server';

// Crash safety: the production server (server/server.mjs) is killed with SIGKILL in the middle of
// a burst of saves, of a 1000-item batch delete and of a schema change that converts 3000 stored
// values, on PGlite and on PostgreSQL, then restarted on the same data. The batch delete and the
// schema change are caught at their midpoint by a test-only row trigger (crash-db.ts) that waits
// there, so the kill always lands inside the transaction; the saves are killed as the 24th of 48
// is answered. After the restarts: the data opens, no item is half written, the batch and the
// schema change happened whole or not at all, the counters match the rows, and every save that was
// answered 200 is there.

const port = Number(process.env.E2E_PORT || 3210) + 1;

test.describe.configure({ timeout: 300_000 });

/** Seeds the batch and the retype categories by SQL and installs the probes. */
const seed = async (sql: Sql, ids: Categories) => {
  const batchIds = await seedItems(sql, { classId: ids.batch, count: 1000, fields: `'{}'::jsonb` });
  await seedItems(sql, { classId: ids.retype, count: 3000, fields: `jsonb_build_object('num', i::text)` });
  await installProbe(sql, { name: 'delete', at: 500, event: 'DELETE', classId: ids.batch });
  await installProbe(sql, { name: 'retype', at: 1500, event: 'UPDATE', classId: ids.retype });
  return batchIds;
};

/** Starts an operation, kills the server once its probe is reached, and expects no answer. */
const killAtProbe = async ({
  server,
  name,
  operation,
  reached,
}: {
  server: RunningServer;
  name: ProbeName;
  operation: Promise<string>;
  reached: () => Promise<boolean>;
}) => {
  await waitFor(reached, 60_000, `${name} 到达中点`);
  await server.kill9();
  expect(await operation, `${name} 在被杀死前没有得到回答`).toBe('unanswered');
};

test('PGlite：初次建库、连续保存、批量删除、改字段类型时被 kill -9，重启后数据完整', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-crash-'));
  const pgliteDir = path.join(root, 'pglite');
  const env: ServerEnv = { port, databaseUrl: '', pgliteDir, root };
  let server: RunningServer | undefined;
  try {
    // A first start killed while PGlite is writing the new data dir (seconds, ~800 MB: the OOM
    // killer's favourite moment) must not leave a folder that never opens.
    const first = spawnServer(env);
    await waitFor(
      () => [pgliteDir, `${pgliteDir}.creating`].some((dir) => fs.existsSync(path.join(dir, 'PG_VERSION'))),
      120_000,
      'PGlite 开始写数据目录',
    );
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    server = await startServer(env);
    const ids = await createCategories(server);
    await server.stop();
    const batchIds = await withPglite(pgliteDir, (sql) => seed(sql, ids));

    server = await startServer(env);
    const saves = await burstOfSaves(server, ids);

    server = await startServer(env);
    await killAtProbe({
      server,
      name: 'delete',
      operation: startBatchDelete(server, batchIds),
      reached: async () => probeReached({ name: 'delete', at: 500, pgliteDir }),
    });
    clearProbeMarker({ name: 'delete', pgliteDir });

    server = await startServer(env);
    await killAtProbe({
      server,
      name: 'retype',
      operation: startRetype(server, ids),
      reached: async () => probeReached({ name: 'retype', at: 1500, pgliteDir }),
    });
    clearProbeMarker({ name: 'retype', pgliteDir });

    server = undefined;
    const result = await withPglite(pgliteDir, async (sql) => ({
      saved: await checkSaves(sql, ids, saves),
      ...(await checkAtomicity(sql, ids)),
    }));
    expect(result).toMatchObject({ batch: 1000, retyped: false });
  } finally {
    await server?.kill9();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('PostgreSQL：连续保存、批量删除、改字段类型时被 kill -9，重启后数据完整', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, '未设置 TEST_DATABASE_URL（PostgreSQL）');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-crash-'));
  const pg = await createPostgresDatabase(adminUrl as string);
  const env: ServerEnv = { port, databaseUrl: pg.url, pgliteDir: path.join(root, 'unused'), root };
  let server: RunningServer | undefined;
  try {
    server = await startServer(env);
    const ids = await createCategories(server);
    const batchIds = await seed(pg.sql, ids);
    const saves = await burstOfSaves(server, ids);
    await releasePostgresSessions(pg.sql);

    server = await startServer(env);
    await killAtProbe({
      server,
      name: 'delete',
      operation: startBatchDelete(server, batchIds),
      reached: () => probeReached({ name: 'delete', at: 500, sql: pg.sql }),
    });
    await releasePostgresSessions(pg.sql);

    server = await startServer(env);
    await killAtProbe({
      server,
      name: 'retype',
      operation: startRetype(server, ids),
      reached: () => probeReached({ name: 'retype', at: 1500, sql: pg.sql }),
    });
    await releasePostgresSessions(pg.sql);

    server = undefined;
    await checkSaves(pg.sql, ids, saves);
    expect(await checkAtomicity(pg.sql, ids)).toMatchObject({ batch: 1000, retyped: false });
  } finally {
    await server?.kill9();
    await pg.drop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
