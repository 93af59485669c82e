// Runs before any module of a test file loads: no developer .env, a quiet logger, fresh secrets.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = 'silent';
process.env.SESSION_SECRET = 'test-secret-'.padEnd(48, 'x');
delete process.env.ADMIN_PASSWORD;
// Most suites change sessions and users straight in the database and expect the next call to see
// it; tests/api/session-cache.test.ts turns the per-process session cache on for itself.
process.env.SESSION_CACHE_MS = '0';
