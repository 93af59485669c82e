/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets benchmarks and tests build without touching a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // The migrator reads prisma/migrations at run time; keep it in traced output (standalone/Docker).
  outputFileTracingIncludes: { '/**': ['./prisma/migrations/**/*'] },
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
