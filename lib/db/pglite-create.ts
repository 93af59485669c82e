import 'server-only';
import fs from 'node:fs';

type Closable = { close: () => Promise<void> };

const hasEntries = (dir: string) => {
  try {
    return fs.readdirSync(/*turbopackIgnore: true*/ dir).length > 0;
  } catch {
    return false;
  }
};

/**
 * Makes sure a PGlite data dir exists, created whole or not at all.
 *
 * PGlite writes a new data dir file by file over several seconds (and near 800 MB) on a first
 * start. A process killed in that window (the OOM killer, a supervisor's restart) left a folder
 * that never opened again: `pg_hba.conf` missing, and every later start failed with "Cannot read
 * properties of undefined (reading 'call')". So a new dir is created in a sibling folder and
 * renamed into place only once PGlite has closed it: the real path holds nothing or a complete
 * data dir. A leftover sibling from a killed start is discarded. The caller holds the dir's lock.
 */
export const createDataDirOnce = async ({
  dir,
  create,
}: {
  dir: string;
  create: (dir: string) => Promise<Closable>;
}) => {
  if (hasEntries(dir)) return;
  const staging = `${dir}.creating`;
  fs.rmSync(/*turbopackIgnore: true*/ staging, { recursive: true, force: true });
  const created = await create(staging);
  await created.close();
  fs.rmSync(/*turbopackIgnore: true*/ dir, { recursive: true, force: true });
  fs.renameSync(/*turbopackIgnore: true*/ staging, dir);
};
