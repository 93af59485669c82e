declare const __TEST_DB__: string | undefined;

/** True in the jest project that runs on the PostgreSQL server (TEST_DATABASE_URL). */
export const isPostgresRun = typeof __TEST_DB__ !== 'undefined' && __TEST_DB__ === 'postgres';
