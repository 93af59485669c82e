// API and library suites run once on embedded PGlite and, when TEST_DATABASE_URL is set (CI sets
// it), again on that PostgreSQL server. Every test file gets its own fresh database.
const base = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0', isolatedModules: true, jsx: 'react-jsx', allowImportingTsExtensions: true, verbatimModuleSyntax: false } }],
  },
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/helpers/server-only-stub.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  setupFiles: ['<rootDir>/tests/helpers/env.js'],
  setupFilesAfterEnv: ['<rootDir>/tests/helpers/db-lifecycle.ts'],
};

const projects = [
  { ...base, displayName: 'pglite', testMatch: ['<rootDir>/tests/{api,db,unit}/**/*.test.ts'] },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    ...base,
    displayName: 'postgres',
    testMatch: ['<rootDir>/tests/{api,db}/**/*.test.ts'],
    globals: { __TEST_DB__: 'postgres' },
  });
}

module.exports = { projects, maxWorkers: 2, testTimeout: 30_000 };
