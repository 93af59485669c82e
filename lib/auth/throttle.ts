import 'server-only';
import { getDb } from '@/lib/db/client';

// perUsername backs up the per-IP rule: without a trusted proxy the client controls X-Forwarded-For.
export const THROTTLE = { maxFailures: 5, maxFailuresPerUsername: 20, windowMs: 15 * 60_000 } as const;

/**
 * Failures for this username+IP inside the window, counted after the last success. Stored in the
 * database, so the limit holds across processes and restarts.
 */
export const isLoginThrottled = async ({ username, ip }: { username: string; ip: string }) => {
  const db = await getDb();
  const since = new Date(Date.now() - THROTTLE.windowMs);
  const lastSuccess = await db.loginAttempt.findFirst({
    where: { username, ip, isSuccess: true, createdAt: { gte: since } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  const failures = await db.loginAttempt.count({
    where: { username, ip, isSuccess: false, createdAt: { gte: lastSuccess?.createdAt ?? since } },
  });
  if (failures >= THROTTLE.maxFailures) return true;
  const failuresAnyIp = await db.loginAttempt.count({
    where: { username, isSuccess: false, createdAt: { gte: since } },
  });
  return failuresAnyIp >= THROTTLE.maxFailuresPerUsername;
};

export const recordLoginAttempt = async ({
  username,
  ip,
  isSuccess,
}: {
  username: string;
  ip: string;
  isSuccess: boolean;
}) => {
  const db = await getDb();
  await db.loginAttempt.create({ data: { username: username.slice(0, 64), ip: ip.slice(0, 64), isSuccess } });
};
