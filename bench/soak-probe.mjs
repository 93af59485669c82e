// Loaded into the server by bench/soak.mjs (node --import): every SOAK_PROBE_MS (5 s) appends one
// JSON line to SOAK_PROBE_FILE with the process's RSS, heap, event-loop delay since the last line
// (p99 and max, ms), and its open handles and sockets. Changes nothing in the server.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const every = Number(process.env.SOAK_PROBE_MS || 5000);
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    // Not a public API, but the only count of what keeps the process busy: sockets, timers, files.
    const handles = /** @type {{ _getActiveHandles: () => object[] }} */ (
      /** @type {unknown} */ (process)
    )._getActiveHandles();
    const line = {
      t: Date.now(),
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      eldP99Ms: histogram.percentile(99) / 1e6,
      eldMaxMs: histogram.max / 1e6,
      handles: handles.length,
      sockets: handles.filter((handle) => handle.constructor?.name === 'Socket').length,
    };
    histogram.reset();
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, every);
  timer.unref();
}
