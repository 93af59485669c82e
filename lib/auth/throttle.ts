import 'server-only';
import { getDb } from '@/lib/db/client';
import { readSystemSettings } from '@/lib/settings/system-settings';

// The per-username limit backs up the per-IP rule: without a trusted proxy the client controls
// X-Forwarded-For. Both follow 系统设置 (failures allowed, window); per username it is 4× as many.
export const THROTTLE = { perUsernameFactor: 4 } as const;

/**
 * Failures for this username+IP inside the window, counted after the last success. Stored in the
 * database, so the limit holds across processes and restarts.
 */
export const isLoginThrottled = async ({ username, ip }: { username: string; ip: string }) => {
  const db = await getDb();
  const { login_max_failures, login_window_minutes } = await readSystemSettings();
  const since = new Date(Date.now() - login_window_minutes * 60_000);
  const lastSuccess = await db.loginAttempt.findFirst({
    where: { username, ip, isSuccess: true, createdAt: { gte: since } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  const failures = await db.loginAttempt.count({
    where: { username, ip, isSuccess: false, createdAt: { gte: lastSuccess?.createdAt ?? since } },
  });
  if (failures >= login_max_failures) return true;
  const failuresAnyIp = await db.loginAttempt.count({
    where: { username, isSuccess: false, createdAt: { gte: since } },
  });
  return failuresAnyIp >= login_max_failures * THROTTLE.perUsernameFactor;
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
