// Serves the built app for the browser tests on a fresh embedded database in a temp folder with
// the server `npm start` runs (server/server.mjs), on loopback only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-e2e-'));
const port = process.env.E2E_PORT || '3210';
const child = spawn(
  process.execPath,
  [path.join(path.dirname(path.dirname(new URL(import.meta.url).pathname)), 'server', 'server.mjs')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: port,
      DATABASE_URL: '',
      PGLITE_DIR: path.join(root, 'pglite'),
      SESSION_SECRET_FILE: path.join(root, 'session-secret'),
      UPLOAD_DIR: path.join(root, 'uploads'),
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD || 'Admin12345',
    },
    // Same process group as us: Playwright ends the webServer by killing its whole group.
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(root, { recursive: true, force: true });
  process.exit(code ?? 0);
});
