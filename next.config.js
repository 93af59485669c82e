/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets benchmarks and tests build without touching a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // .next/standalone: the traced server payload the Dockerfile copies (npm start keeps using .next).
  output: 'standalone',
  // Read at run time, not imported, so tracing cannot find them: the migrator reads
  // prisma/migrations; scripts/server.mjs (the image's CMD, as npm start's) and the files it loads.
  outputFileTracingIncludes: {
    '/**': [
      './prisma/migrations/**/*',
      // bcryptjs: the password worker threads load it from node_modules (lib/auth/bcrypt-pool.ts).
      './node_modules/bcryptjs/**/*',
      // PGlite's thread (lib/db/pglite-thread.ts) requires PGlite and its socket server from
      // node_modules (CommonJS builds: the bundled copy lives in the server's chunks).
      './node_modules/@electric-sql/pglite/package.json',
      './node_modules/@electric-sql/pglite/dist/index.cjs',
      './node_modules/@electric-sql/pglite/dist/pglite.{wasm,data}',
      './node_modules/@electric-sql/pglite/dist/initdb.wasm',
      './node_modules/@electric-sql/pglite-socket/package.json',
      './node_modules/@electric-sql/pglite-socket/dist/index.cjs',
      './scripts/server.mjs',
      './scripts/api-routes.js',
      './scripts/security-headers.js',
      './scripts/serve-api.js',
      './scripts/request-log.js',
      './lib/log/pino-options.json',
      './lib/http/internal-error.json',
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
