// Lint rules that catch bugs, not matters of taste (formatting is Prettier's job).
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

// zod comes through lib/validation/z.ts, which sets the Chinese error messages first; toasts
// through lib/client/toast.ts, which loads notistack with the first one (not the first screen).
const ZOD = {
  name: 'zod',
  message: "Import z from '@/lib/validation/z': it sets the Chinese error messages first.",
  allowTypeImports: true,
};
const NOTISTACK = {
  name: 'notistack',
  message: "Use showToast from '@/lib/client/toast': it loads notistack when first needed.",
  allowTypeImports: true,
};
// Layers point one way: app → components → lib (docs/ARCHITECTURE.md → Layers). Types too.
const NO_APP = {
  regex: '^(@/|(\\.\\./)+)app(/|$)',
  message: 'app/ holds routes only: nothing imports from it (a server action lives in lib/).',
};
const NO_COMPONENTS = {
  regex: '^(@/|(\\.\\./)+)components(/|$)',
  message: 'lib/ never imports from components/: move what both need (a type, a helper) into lib/.',
};
const restrictedImports = ({ paths, patterns }) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});
const ZOD_FILES = ['lib/validation/z.ts', 'lib/validation/zod-errors.ts'];
const NOTISTACK_FILES = ['components/providers/ToastProvider.tsx'];
const restrictedImportBlocks = () => [
  { files: ['app/**/*.{ts,tsx}'], rules: restrictedImports({ paths: [ZOD, NOTISTACK], patterns: [] }) },
  {
    files: ['components/**/*.{ts,tsx}'],
    ignores: NOTISTACK_FILES,
    rules: restrictedImports({ paths: [ZOD, NOTISTACK], patterns: [NO_APP] }),
  },
  { files: NOTISTACK_FILES, rules: restrictedImports({ paths: [ZOD], patterns: [NO_APP] }) },
  {
    files: ['lib/**/*.{ts,tsx,js,mjs}'],
    ignores: ZOD_FILES,
    rules: restrictedImports({ paths: [ZOD, NOTISTACK], patterns: [NO_APP, NO_COMPONENTS] }),
  },
  { files: ZOD_FILES, rules: restrictedImports({ paths: [NOTISTACK], patterns: [NO_APP, NO_COMPONENTS] }) },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      'data/**',
      'lib/generated/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
      'bench/out/**',
      'next-env.d.ts',
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'react-hooks/exhaustive-deps': 'error',
      eqeqeq: ['error', 'smart'],
      // React Compiler advice (we do not run the compiler): the fetch-on-change effects and the
      // row-key ref are deliberate and covered by the browser tests.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  // no-restricted-imports, one block per folder: a later block's setting of a rule replaces an
  // earlier one's for the same files, so each block states the whole rule for its files.
  ...restrictedImportBlocks(),
  {
    files: ['tests/**/*.ts', 'bench/**/*.mjs', 'scripts/**/*.mjs'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // CommonJS on purpose: server/server.mjs and the jest suites (tests/unit) both load these, and
    // lib/ imports the names it shares with the server from lib/http/server-handoff.js, and the
    // data files' modes from lib/db/private-nodefs.js (server/pglite-worker.mjs loads it too).
    files: ['server/**/*.js', 'lib/http/server-handoff.js', 'lib/db/private-nodefs.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Server code: a promise nobody awaits loses its error and its ordering.
    files: [
      'lib/**/*.ts',
      'app/api/**/*.ts',
      'app/uploads/**/*.ts',
      'instrumentation.ts',
      // Checked through JSDoc with server/tsconfig.json.
      'server/**/*.{js,mjs}',
    ],
    ignores: ['lib/client/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
);
