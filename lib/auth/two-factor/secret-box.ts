import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from '../derived-key';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived (HKDF) from SESSION_SECRET, so a copy of
 * the database alone does not yield them. Format `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * Changing SESSION_SECRET makes stored secrets unreadable: those users then need 重置两步验证.
 */
const boxKey = () => derivedKey('cms totp secret');

export const sealSecret = async (plain: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await boxKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** The plain secret, or null when the box is damaged or was sealed under another key. */
export const openSecret = async (sealed: string | null | undefined) => {
  const [version, iv, tag, body] = sealed?.split('.') ?? [];
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', await boxKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
};
