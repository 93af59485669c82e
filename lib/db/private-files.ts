import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, SHARED_BITS, privateNodeFsOf } from './private-nodefs.js';

// The data files are the account's alone: the embedded database's folder holds the password and
// session hashes and the generated session secret (in its tables and its WAL), which unseals page
// cookies and keys the two-factor secrets. Every folder under PGLITE_DIR is 0700 and every file
// 0600, and UPLOAD_DIR and backup archives are the account's alone too, whatever the umask.
// docs/SECURITY.md → Data files.

export { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, ensurePrivateDir } from './private-nodefs.js';

/**
 * Tightens `dir` and everything under it that the group or others may use: folders to 0700,
 * files to 0600 (symbolic links are neither followed nor changed). Entries this account cannot
 * change (owned by another) are counted as failed, not thrown: the caller says so.
 */
export const tightenTree = (dir: string) => {
  let tightened = 0;
  let failed = 0;
  const visit = (entry: string) => {
    const stat = fs.lstatSync(/*turbopackIgnore: true*/ entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & SHARED_BITS) {
      try {
        fs.chmodSync(
          /*turbopackIgnore: true*/ entry,
          stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE,
        );
        tightened += 1;
      } catch {
        failed += 1;
      }
    }
    if (stat.isDirectory())
      for (const name of fs.readdirSync(/*turbopackIgnore: true*/ entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return { tightened, failed };
};

/**
 * PGlite's `fs` for the data dir `dir` (created 0700 when missing): PGlite's own NodeFS, with every
 * folder it makes 0700 and every file 0600, including those it makes later while running (WAL
 * segments, new tables' files). Give it as `PGlite.create({ fs })`. The rule itself lives in
 * lib/db/private-nodefs.js, which server/pglite-worker.mjs (the thread that runs the app's PGlite)
 * loads too.
 */
export const privateNodeFs = async (dir: string) => {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  return privateNodeFsOf(NodeFS, dir);
};
