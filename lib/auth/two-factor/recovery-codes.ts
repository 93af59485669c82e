import 'server-only';
import { createHmac, randomInt } from 'node:crypto';
import type { Prisma } from '@/lib/generated/prisma/client';
import { derivedKey } from '../derived-key';

/**
 * Recovery codes: RECOVERY_CODE_COUNT codes of 12 characters from a 31-letter alphabet (59 random
 * bits), shown once as `xxxx-xxxx-xxxx`. Only an HMAC-SHA256 of each (key derived from
 * SESSION_SECRET) is stored, so the table alone does not let anyone try them offline. Each works
 * once: using one is a single UPDATE … WHERE used_at IS NULL, so two parallel uses cannot both win.
 */
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

export const isRecoveryCodeShape = (code: string) => /^[a-z0-9]{12}$/.test(normaliseRecoveryCode(code));

export const hashRecoveryCode = async (code: string) =>
  createHmac('sha256', await derivedKey('cms recovery code'))
    .update(normaliseRecoveryCode(code))
    .digest('hex');

const newCode = () => {
  let raw = '';
  for (let i = 0; i < 12; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.match(/.{4}/g)!.join('-');
};

/** Replaces the user's codes with a new set inside `tx` and answers the plain codes (shown once). */
export const replaceRecoveryCodes = async ({
  tx,
  userId,
}: {
  tx: Prisma.TransactionClient;
  userId: number;
}) => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.adminRecoveryCode.deleteMany({ where: { userId } });
  await tx.adminRecoveryCode.createMany({
    data: await Promise.all(codes.map(async (code) => ({ userId, codeHash: await hashRecoveryCode(code) }))),
  });
  return codes;
};

/** Marks the code used when it is one of the user's unused codes; true when it was. */
export const spendRecoveryCode = async ({
  db,
  userId,
  code,
}: {
  db: Prisma.TransactionClient;
  userId: number;
  code: string;
}) => {
  if (!isRecoveryCodeShape(code)) return false;
  const { count } = await db.adminRecoveryCode.updateMany({
    where: { userId, codeHash: await hashRecoveryCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
};
