import fs from 'node:fs';
import path from 'node:path';

export default async function globalTeardown() {
  const file = process.env.PGLITE_TEST_DUMP;
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
