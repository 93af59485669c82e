import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * SESSION_SECRET (≥ 32 characters) seals the page-session cookie. Without it a random secret is
 * created once in data/session-secret (mode 600) so a single instance works out of the box;
 * several instances behind a load balancer must share SESSION_SECRET.
 */
export const sessionSecret = () => {
  if (cached) return cached;
  const fromEnv = process.env.SESSION_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET 至少需要 32 个字符');
    cached = fromEnv;
    return cached;
  }
  const file = path.resolve(
    /*turbopackIgnore: true*/ process.cwd(),
    process.env.SESSION_SECRET_FILE || path.join('data', 'session-secret'),
  );
  try {
    cached = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
  } catch {
    fs.mkdirSync(/*turbopackIgnore: true*/ path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(/*turbopackIgnore: true*/ file, secret, { mode: 0o600, flag: 'wx' });
      cached = secret;
    } catch {
      cached = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
    }
  }
  return cached;
};
