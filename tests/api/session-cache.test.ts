// The per-process session cache (lib/auth/session.ts): what this process changes is seen at once;
// a change made behind its back (another process, plain SQL) within SESSION_CACHE_MS.
import { POST as changePasswordRoute } from '@/app/api/v1/manage/login/change_password/route';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { POST as logoutRoute } from '@/app/api/v1/manage/login/logout/route';
import { forgetSessions } from '@/lib/auth/session';
import { hashToken } from '@/lib/auth/token';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { loginAs, signedIn } from '../helpers/users';

const info = async (token: string) => (await call(infoRoute, { token })).body.code;

beforeEach(() => {
  process.env.SESSION_CACHE_MS = '60000';
  forgetSessions();
});
afterAll(() => {
  process.env.SESSION_CACHE_MS = '0';
});

it('logout in this process ends the cached session at once', async () => {
  const { token } = await signedIn();
  expect(await info(token)).toBe(200); // cached now
  expect((await call(logoutRoute, { method: 'POST', token })).body.code).toBe(200);
  expect(await info(token)).toBe(50008);
});

it('a password change ends the other cached sessions of that user at once and keeps this one', async () => {
  const { user, token } = await signedIn();
  const other = await loginAs(user);
  expect(await info(other)).toBe(200);
  const changed = await call(changePasswordRoute, {
    method: 'POST',
    token,
    body: { old_password: user.password, new_password: 'Newpass-2026' },
  });
  expect(changed.body.code).toBe(200);
  expect(await info(other)).toBe(50012);
  expect(await info(token)).toBe(200);
});

it('a change made in the database directly is seen once the entry is older than SESSION_CACHE_MS', async () => {
  const { user, token } = await signedIn();
  expect(await info(token)).toBe(200);
  const db = await getDb();
  await db.adminUser.update({ where: { id: user.id }, data: { isDisabled: true } });
  expect(await info(token)).toBe(200); // still the cached row: the documented window
  process.env.SESSION_CACHE_MS = '50';
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(await info(token)).toBe(50012);
});

it('every check still runs on a cached row (idle timeout)', async () => {
  const { token } = await signedIn();
  expect(await info(token)).toBe(200);
  const db = await getDb();
  await db.adminSession.update({
    where: { tokenHash: hashToken(token) },
    data: { lastSeenAt: new Date(Date.now() - 5 * 3600_000) },
  });
  const { userId } = await db.adminSession.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
  forgetSessions({ userId: userId ?? undefined });
  expect(await info(token)).toBe(50014);
});

it('does not remember unknown tokens', async () => {
  expect(await info('no-such-token')).toBe(50008);
  expect(await info('no-such-token')).toBe(50008);
});

it('is one cache per process, shared by every copy of the module (route bundles and page bundles)', async () => {
  // Next loads lib/auth/session once into the API's route bundles and once into the page bundles.
  // A second copy here stands for the pages': a logout through the API must end the session there
  // too, not after SESSION_CACHE_MS (the /logout page then stayed put and 两步验证 looked unset).
  let pageCopy: typeof import('@/lib/auth/session') | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    pageCopy = require('@/lib/auth/session');
  });
  const { authenticate } = pageCopy!;
  const { token } = await signedIn();
  await expect(authenticate({ token })).resolves.toBeTruthy(); // cached by the page copy
  expect((await call(logoutRoute, { method: 'POST', token })).body.code).toBe(200);
  await expect(authenticate({ token })).rejects.toMatchObject({ code: 50008 });
});
