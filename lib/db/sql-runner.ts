import 'server-only';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * Runs a `Prisma.sql` statement straight on the driver (getSql() in client.ts), for the few hot
 * reads (session check, item list, item by id) where the ORM's own per-query work costs more than
 * the SQL (bench/). Rows come back as the driver parses them: timestamptz as Date, jsonb parsed,
 * int8 as text. `prepare`: a named prepared statement on PostgreSQL (PGlite ignores it).
 */
export type SqlRunner = {
  query: <T>(statement: Prisma.Sql, options?: { prepare?: boolean }) => Promise<T[]>;
};

/** The few plain-text SQL operations the migrator needs, over either PGlite or a node-postgres client. */
export type MigrationRunner = {
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  exec: (sql: string) => Promise<void>;
};
