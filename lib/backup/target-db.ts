import 'server-only';
import { Client } from 'pg';
import { readDbConfig } from '@/lib/db/config';
import type { MigrationRunner } from '@/lib/db/sql-runner';
import { openPgliteDir } from './pglite-dir';

export type TargetDb = { description: string; runner: MigrationRunner; close: () => Promise<void> };

/** One connection to the configured database (DATABASE_URL, or the PGLITE_DIR folder) for a restore. */
export const openTargetDb = async (): Promise<TargetDb> => {
  const config = readDbConfig();
  if (config.kind === 'postgres') {
    const client = new Client({ connectionString: config.url });
    await client.connect();
    // A dropped connection aborts the open transaction on the server; the failing query reports it.
    client.on('error', () => {});
    const runner: MigrationRunner = {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      exec: async (sql) => {
        await client.query(sql);
      },
    };
    const [{ version }] = await runner.query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    );
    const url = new URL(config.url);
    return {
      description: `PostgreSQL ${version}（${url.hostname}:${url.port || 5432}${url.pathname}）`,
      runner,
      close: () => client.end(),
    };
  }
  if (config.isMemory) throw new Error('不能恢复到内存中的嵌入式数据库（PGLITE_DIR=memory://）。');
  const { pglite, close } = await openPgliteDir({ dir: config.dir, command: '恢复', mustExist: false });
  const runner: MigrationRunner = {
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
    exec: async (sql) => {
      await pglite.exec(sql);
    },
  };
  const [{ version }] = await runner.query<{ version: string }>(
    "SELECT current_setting('server_version') AS version",
  );
  return { description: `嵌入式 PGlite ${version}（${config.dir}）`, runner, close };
};
