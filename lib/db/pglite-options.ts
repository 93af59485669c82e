import 'server-only';

/**
 * The settings PGlite runs with, sized for an admin site (a handful of users, tables of thousands
 * to a few hundred thousand rows) rather than PostgreSQL's defaults.
 *
 * PGlite's memory is one WebAssembly memory that only grows: what PostgreSQL once touched stays in
 * the process. `shared_buffers` is most of it: PostgreSQL's default, 128 MB, kept ~110 MB more
 * resident than 16 MB, for no measurable gain on lists and item reads (docs/BENCHMARKS.md →
 * Memory and start time), as the operating system caches the data files anyway.
 * `PGLITE_SHARED_BUFFERS` raises it for a large site.
 *
 * PGlite writes these lines as the data dir's postgresql.conf on every start, so a change applies
 * at the next start. Plain JSON: server/pglite-initdb.mjs receives it too.
 */
export const pgliteOptions = (env: NodeJS.ProcessEnv = process.env) => ({
  postgresqlconf: [`shared_buffers = ${env.PGLITE_SHARED_BUFFERS?.trim() || '16MB'}`],
});
