// Creates a new PGlite data dir, in its own short-lived process (lib/db/pglite-create.ts).
//
//   node server/pglite-initdb.mjs <dir> [<PGlite options as JSON>]
//
// PGlite's initdb runs a second PostgreSQL and the initdb program, each in its own WebAssembly
// memory, and peaks near 800 MB; a WebAssembly memory never shrinks, so done in the server it
// stayed resident for the server's whole life. Here it ends with this process. Exit code 0 once
// the dir is complete and closed; anything else failed (stderr says why).
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const [dir, options] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node server/pglite-initdb.mjs <dir> [<options JSON>]');
  process.exit(2);
}

// The server that started us died (killed during its first start): stop writing at once, so no
// orphan keeps writing into the folder the next start clears and creates again. A thread watches,
// as initdb keeps this one busy for seconds at a time.
const watchdog = new Worker(
  `const { parentPid } = require('node:worker_threads').workerData;
   const tick = new Int32Array(new SharedArrayBuffer(4));
   for (;;) {
     Atomics.wait(tick, 0, 0, 100);
     if (process.ppid !== parentPid) process.kill(process.pid, 'SIGKILL');
   }`,
  { eval: true, workerData: { parentPid: process.ppid } },
);
watchdog.unref();

const pglite = await PGlite.create(dir, options ? JSON.parse(options) : {});
await pglite.close();
process.exit(0);
