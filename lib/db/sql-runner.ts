import 'server-only';

/** The few raw-SQL operations the migrator needs, over either PGlite or a node-postgres client. */
export type SqlRunner = {
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  exec: (sql: string) => Promise<void>;
};
