// Runs before any module of a test file loads: no developer .env, a quiet logger, fresh secrets.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = 'silent';
process.env.SESSION_SECRET = 'test-secret-'.padEnd(48, 'x');
delete process.env.ADMIN_PASSWORD;
