// file-type and its dependencies are ESM-only: ts-jest turns them into CommonJS like our sources.
// otplib's base32 and HMAC plugins: @scure/base and @noble/hashes. entities (the text diff's decoder).
const esmPackages =
  'file-type|strtok3|token-types|uint8array-extras|@tokenizer/inflate|@borewit/text-codec|@scure/base|@noble/hashes|entities';

// API and library suites run once on embedded PGlite and, when TEST_DATABASE_URL is set (CI sets
// it), again on that PostgreSQL server. Every test file gets its own fresh database.
const base = {
  testEnvironment: 'node',
  transform: {
    [`node_modules/(${esmPackages})/.+\\.js$`]: [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true, verbatimModuleSyntax: false } },
    ],
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
          isolatedModules: true,
          jsx: 'react-jsx',
          allowImportingTsExtensions: true,
          verbatimModuleSyntax: false,
        },
      },
    ],
  },
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/helpers/server-only-stub.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  // Build output (its standalone copy has our package.json) is not a source of modules or tests.
  modulePathIgnorePatterns: ['<rootDir>/\\.next'],
  setupFiles: ['<rootDir>/tests/helpers/env.js'],
  setupFilesAfterEnv: ['<rootDir>/tests/helpers/db-lifecycle.ts'],
};

const projects = [
  // Plain code, no database: lib/db/client is replaced by a stub that refuses to open one (a suite
  // that needs a database belongs in tests/api or tests/db, which run on both databases).
  {
    ...base,
    displayName: 'unit',
    testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
    setupFilesAfterEnv: [],
    moduleNameMapper: {
      '^@/lib/db/client$': '<rootDir>/tests/helpers/no-db-client.js',
      ...base.moduleNameMapper,
    },
  },
  {
    ...base,
    displayName: 'pglite',
    // tests/pglite: what only the embedded database has (creating its data dir).
    testMatch: ['<rootDir>/tests/{api,db,storage,backup,pglite}/**/*.test.ts'],
    globalSetup: '<rootDir>/tests/helpers/pglite-global-setup.ts',
    globalTeardown: '<rootDir>/tests/helpers/pglite-global-teardown.ts',
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    ...base,
    displayName: 'postgres',
    testMatch: ['<rootDir>/tests/{api,db,storage,backup,postgres}/**/*.test.ts'],
    globals: { __TEST_DB__: 'postgres' },
  });
}

module.exports = { projects, maxWorkers: 2, testTimeout: 30_000 };
