// `npm run storage:sweep [-- --dry-run]` (lib/uploads/sweep-cli.ts): one pass of the orphan-file
// sweep the server runs on its own (lib/uploads/orphan-sweep.ts), or with --dry-run the list of
// what it would remove. Reads the same environment as the app (.env files through Next's own
// loader), then runs the TypeScript sources through jiti, as scripts/backup-restore.mjs does.
import path from 'node:path';
import { createRequire } from 'node:module';

process.umask(0o077);
const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
require('@next/env').loadEnvConfig(root, false, { info: () => {}, error: console.error });

const { createJiti } = require('jiti');
const jiti = createJiti(import.meta.url, {
  alias: {
    '@/': `${root}/`,
    'server-only': path.join(path.dirname(require.resolve('server-only')), 'empty.js'),
  },
});
const { runSweepCli } = await jiti.import(path.join(root, 'lib/uploads/sweep-cli.ts'));
process.exit(await runSweepCli({ argv: process.argv.slice(2) }));
