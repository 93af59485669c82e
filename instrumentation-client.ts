// Runs in the browser before any of the app's modules (Next's client instrumentation hook).
//
// zod probes for eval (`Function("")`) the first time it builds an object schema, to decide whether
// to compile its parsers. The Content-Security-Policy forbids eval (server/security-headers.js), so
// in the browser the probe would only log a violation: say up front that it must not compile. zod
// creates its global config object with ??=, so setting it first is safe. The server keeps the
// compiled parsers (this file is not loaded there).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
