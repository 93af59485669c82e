/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets benchmarks and tests build without touching a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // Browser source maps only for bench/bundle-report.mjs's own build (they would publish the source).
  productionBrowserSourceMaps: process.env.BUNDLE_SOURCE_MAPS === '1',
  // .next/standalone: the traced server payload the Dockerfile copies (npm start keeps using .next).
  output: 'standalone',
  // PGlite is loaded from node_modules, not bundled: server/pglite-worker.mjs (the thread that runs
  // it, lib/db/pglite-thread.ts) and server/pglite-initdb.mjs (the child process that creates a new
  // data dir, lib/db/pglite-create.ts) load it, and one copy of its WebAssembly and data files
  // (~16 MB) then serves all in the standalone payload.
  serverExternalPackages: ['@electric-sql/pglite'],
  // Next loads every page's and route's server modules when it starts, by default. Loaded on first
  // use instead, an idle server holds less (docs/BENCHMARKS.md → Memory and start time); the first call of a
  // route pays for loading it once.
  experimental: { preloadEntriesOnStart: false },
  // Read at run time, not imported, so tracing cannot find them: the migrator reads
  // prisma/migrations; server/server.mjs (the image's CMD, as npm start's) and the files it loads:
  // every file of server/ but start.mjs (npm start's build step), and the JSON and names it shares
  // with lib/ (tests/unit/dockerfile.test.ts holds this list to the folder).
  outputFileTracingIncludes: {
    '/**': [
      './prisma/migrations/**/*',
      // bcryptjs: the password worker threads load it from node_modules (lib/auth/bcrypt-pool.ts).
      './node_modules/bcryptjs/**/*',
      './server/server.mjs',
      './server/api-routes.js',
      './server/security-headers.js',
      './server/serve-api.js',
      './server/send-response.js',
      './server/request-log.js',
      './server/http-timeouts.js',
      './server/pglite-initdb.mjs',
      // The thread that runs PGlite (lib/db/pglite-thread.ts) and the data files' modes it shares.
      './server/pglite-worker.mjs',
      './server/pglite-worker-errors.mjs',
      './lib/db/private-nodefs.js',
      './lib/http/server-handoff.js',
      // Read by PGlite at run time through `new URL(…, import.meta.url)`.
      './node_modules/@electric-sql/pglite/package.json',
      './node_modules/@electric-sql/pglite/dist/*.{js,cjs,wasm,data}',
      './node_modules/@electric-sql/pglite/dist/fs/*.{js,cjs}',
      './lib/log/pino-options.json',
      './lib/http/internal-error.json',
      './lib/db/transaction-limits.json',
    ],
  },
  // No next/image here, so no image optimizer: sharp and its libvips (~20 MB of native code, built
  // per libc) stay out of the payload.
  images: { unoptimized: true },
  // `next-server`: the key of Next's own server trace, which is what pulls sharp in.
  outputFileTracingExcludes: { 'next-server': ['**/node_modules/sharp/**/*', '**/node_modules/@img/**/*'] },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
