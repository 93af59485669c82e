// @ts-check
// The embedded database's files are the account's alone (docs/SECURITY.md → Data files): every
// folder under PGLITE_DIR 0700 and every file 0600, whatever the umask. Plain CommonJS with no
// package imports, shared by the app (lib/db/private-files.ts re-exports it) and by
// server/pglite-worker.mjs, the thread that runs PGlite, which Node loads as it is (no bundling):
// one copy of the rule for both. Each caller passes the NodeFS class of the PGlite it opens, so the
// subclass belongs to that PGlite's own module instance. Type-checked by server/tsconfig.json.
const fs = require('node:fs');

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
/** The group's and others' permission bits. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` (and any missing parent) as a folder only this account can enter; an existing `dir`
 * that others may enter is tightened to 0700. Returns whether `dir` was tightened.
 * @param {string} dir
 */
const ensurePrivateDir = (dir) => {
  fs.mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(/*turbopackIgnore: true*/ dir).mode & SHARED_BITS) === 0) return false;
  fs.chmodSync(/*turbopackIgnore: true*/ dir, PRIVATE_DIR_MODE);
  return true;
};

/**
 * The part of Emscripten's NODEFS (PGlite's bridge to the real folder) that sets modes.
 * @typedef {{
 *   setattr: (arg: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void,
 *   node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown },
 * }} NodeFsOps
 */

/**
 * Limits the modes PGlite's NODEFS gives the real files to the owner's bits. The process umask
 * alone does not do it: Emscripten creates a file and then chmods it to the mode the program asked
 * for, less Emscripten's own emulated umask (PGlite's files came out 0666 under umask 077), and a
 * chmod ignores the process umask. Each PGlite has its own Emscripten module, so this changes
 * nothing outside the one it is given to.
 * @param {{ FS: { filesystems: { NODEFS: unknown } } }} module
 */
const keepModesPrivate = (module) => {
  const nodefs = /** @type {NodeFsOps | undefined} */ (module.FS.filesystems.NODEFS);
  if (typeof nodefs?.setattr !== 'function' || typeof nodefs.node_ops?.mknod !== 'function')
    // @electric-sql/pglite is pinned; an upgrade that changes this fails here, not silently.
    throw new Error(
      'PGlite 的 NODEFS 结构已变化，无法保证数据文件仅本账户可读写（lib/db/private-nodefs.js）',
    );
  const { setattr } = nodefs;
  const { mknod } = nodefs.node_ops;
  nodefs.setattr = (arg, node, attr, ...rest) =>
    setattr(arg, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~SHARED_BITS }, ...rest);
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~SHARED_BITS, dev);
};

/**
 * PGlite's `fs` for the data dir `dir` (created 0700 when missing): PGlite's own NodeFS (the class
 * `NodeFS` of `@electric-sql/pglite/nodefs`, as the caller loaded it), with every folder it makes
 * 0700 and every file 0600, including those it makes later while running (WAL segments, new tables'
 * files). Give it as `PGlite.create({ fs })`.
 * @template {new (dir: string) => { init(pg: any, options: any): Promise<{ emscriptenOpts: any }> }} T
 * @param {T} NodeFS
 * @param {string} dir
 * @returns {InstanceType<T>}
 */
const privateNodeFsOf = (NodeFS, dir) => {
  // @ts-expect-error a mixin over the given class: TypeScript wants `...args: any[]` constructors.
  class PrivateNodeFS extends NodeFS {
    /** @param {any} pg @param {any} options */
    async init(pg, options) {
      const { emscriptenOpts } = await super.init(pg, options);
      // Before NodeFS's own step, which mounts the folder.
      return {
        emscriptenOpts: { ...emscriptenOpts, preRun: [keepModesPrivate, ...(emscriptenOpts.preRun ?? [])] },
      };
    }
  }
  ensurePrivateDir(dir);
  return /** @type {InstanceType<T>} */ (new PrivateNodeFS(dir));
};

module.exports = { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, SHARED_BITS, ensurePrivateDir, privateNodeFsOf };
