import 'server-only';
import { hkdfSync } from 'node:crypto';
import { sessionSecret } from './secret';

// One 32-byte key per purpose, derived (HKDF-SHA256) from the session secret, which is read once per
// process (SESSION_SECRET, or the one kept in the database). Kept on globalThis: the API's route
// bundles and Next's page bundles each load their own copy of this module.
const store = globalThis as typeof globalThis & { __cmsDerivedKeys?: Map<string, Promise<Buffer>> };

/** The key for `purpose` (e.g. 'cms totp secret'): the same in every process sharing the secret. */
export const derivedKey = (purpose: string) => {
  const keys = (store.__cmsDerivedKeys ??= new Map());
  let key = keys.get(purpose);
  if (!key) {
    key = sessionSecret().then((secret) => Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)));
    key.catch(() => keys.delete(purpose));
    keys.set(purpose, key);
  }
  return key;
};
