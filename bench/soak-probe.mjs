// Loaded into the server by bench/soak.mjs (node --import): every SOAK_PROBE_MS (5 s) appends one
// JSON line to SOAK_PROBE_FILE with the process's RSS, heap, external memory, event-loop delay since the last line
// (p99 and max, ms), and its open handles and sockets. On SIGUSR2 (bench/soak.mjs sends it at the
// end of each of its minutes) it appends a `mark` line with the delay's p99 and max over everything
// since the previous mark: the minute's own p99, where the 5-second lines only give the worst of twelve
// small windows. Changes nothing in the server.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SOAK_PROBE_FILE;
// The server's thread only: node's flags (--import) load this into a worker thread started from a
// file too, unless it is given none (PGlite's thread, lib/db/pglite-thread.ts, is given none).
if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // A second monitor, reset only at a mark (an ELD histogram cannot be added to another).
  const sinceMark = monitorEventLoopDelay({ resolution: 10 });
  sinceMark.enable();
  const every = Number(process.env.SOAK_PROBE_MS || 5000);
  const append = (line) => fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  const window = () => {
    const memory = process.memoryUsage();
    // Not a public API, but the only count of what keeps the process busy: sockets, timers, files.
    const handles = /** @type {{ _getActiveHandles: () => object[] }} */ (
      /** @type {unknown} */ (process)
    )._getActiveHandles();
    append({
      t: Date.now(),
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      // Outside the JS heap: buffers, and PGlite's WebAssembly memory (which grows and never shrinks).
      externalMb: memory.external / 2 ** 20,
      eldP99Ms: histogram.percentile(99) / 1e6,
      eldMaxMs: histogram.max / 1e6,
      handles: handles.length,
      sockets: handles.filter((handle) => handle.constructor?.name === 'Socket').length,
    });
    histogram.reset();
  };
  const timer = setInterval(window, every);
  timer.unref();
  process.on('SIGUSR2', () => {
    window();
    append({
      t: Date.now(),
      mark: true,
      eldP99Ms: sinceMark.count > 0 ? sinceMark.percentile(99) / 1e6 : 0,
      eldMaxMs: sinceMark.count > 0 ? sinceMark.max / 1e6 : 0,
    });
    sinceMark.reset();
  });
}
