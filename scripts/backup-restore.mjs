// `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (lib/backup/). Reads the
// same environment as the app (.env files through Next's own loader), then runs the TypeScript
// sources through jiti, with `@/` resolved as in tsconfig and `server-only` as the no-op it is on
// the server.
import path from 'node:path';
import { createRequire } from 'node:module';

// The archive, its temporary files, a restored database and restored uploads are this account's
// alone (docs/SECURITY.md → Data files).
process.umask(0o077);
const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
require('@next/env').loadEnvConfig(root, false, { info: () => {}, error: console.error });

const [command, ...argv] = process.argv.slice(2);
const { createJiti } = require('jiti');
const jiti = createJiti(import.meta.url, {
  alias: {
    '@/': `${root}/`,
    'server-only': path.join(path.dirname(require.resolve('server-only')), 'empty.js'),
  },
});
const { runCli } = await jiti.import(path.join(root, 'lib/backup/cli.ts'));
process.exit(await runCli({ command, argv }));
