import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// globalSetup runs outside jest's module map, where `server-only` would throw: stub it here too.
require.cache[require.resolve('server-only')] = { exports: {} } as NodeJS.Module;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { applyMigrations } = require('../../lib/db/migrate') as typeof import('../../lib/db/migrate');

// Creating a PGlite data dir and migrating it costs seconds; do it once per run and let every
// test file start from a snapshot of it (PGLITE_LOAD_DUMP, read by lib/db/client.ts).
export default async function globalSetup() {
  const pglite = await PGlite.create();
  await applyMigrations({
    runner: {
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
      exec: async (sql) => {
        await pglite.exec(sql);
      },
    },
  });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-jest-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEST_DUMP = file;
}
