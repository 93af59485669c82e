import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

// The data files are the account's alone: the embedded database's folder holds the password and
// session hashes and the generated session secret (in its tables and its WAL), which unseals page
// cookies and keys the two-factor secrets. Every folder under PGLITE_DIR is 0700 and every file
// 0600, and UPLOAD_DIR and backup archives are the account's alone too, whatever the umask.
// docs/SECURITY.md → Data files.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The group's and others' permission bits. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` (and any missing parent) as a folder only this account can enter; an existing `dir`
 * that others may enter is tightened to 0700. Returns whether `dir` was tightened.
 */
export const ensurePrivateDir = (dir: string) => {
  fs.mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(/*turbopackIgnore: true*/ dir).mode & SHARED_BITS) === 0) return false;
  fs.chmodSync(/*turbopackIgnore: true*/ dir, PRIVATE_DIR_MODE);
  return true;
};

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

// The part of Emscripten's NODEFS (PGlite's bridge to the real folder) that sets modes.
type NodeFsOps = {
  setattr: (arg: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown };
};

/**
 * Limits the modes PGlite's NODEFS gives the real files to the owner's bits. The process umask
 * alone does not do it: Emscripten creates a file and then chmods it to the mode the program asked
 * for, less Emscripten's own emulated umask (PGlite's files came out 0666 under umask 077), and a
 * chmod ignores the process umask. Each PGlite has its own Emscripten module, so this changes
 * nothing outside the one it is given to.
 */
const keepModesPrivate = (module: { FS: { filesystems: { NODEFS: unknown } } }) => {
  const nodefs = module.FS.filesystems.NODEFS as NodeFsOps | undefined;
  if (typeof nodefs?.setattr !== 'function' || typeof nodefs.node_ops?.mknod !== 'function')
    // @electric-sql/pglite is pinned; an upgrade that changes this fails here, not silently.
    throw new Error('PGlite 的 NODEFS 结构已变化，无法保证数据文件仅本账户可读写（lib/db/private-files.ts）');
  const { setattr } = nodefs;
  const { mknod } = nodefs.node_ops;
  nodefs.setattr = (arg, node, attr, ...rest) =>
    setattr(arg, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~SHARED_BITS }, ...rest);
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~SHARED_BITS, dev);
};

/**
 * PGlite's `fs` for the data dir `dir` (created 0700 when missing): PGlite's own NodeFS, with every
 * folder it makes 0700 and every file 0600, including those it makes later while running (WAL
 * segments, new tables' files). Give it as `PGlite.create({ fs })`.
 */
export const privateNodeFs = async (dir: string) => {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  type Options = Parameters<InstanceType<typeof NodeFS>['init']>[1];
  class PrivateNodeFS extends NodeFS {
    async init(pg: PGlite, options: Options) {
      const { emscriptenOpts } = await super.init(pg, options);
      // Before NodeFS's own step, which mounts the folder.
      return {
        emscriptenOpts: { ...emscriptenOpts, preRun: [keepModesPrivate, ...(emscriptenOpts.preRun ?? [])] },
      };
    }
  }
  ensurePrivateDir(dir);
  return new PrivateNodeFS(dir);
};
