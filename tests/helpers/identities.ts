import { POST as logoutRoute } from '@/app/api/v1/manage/login/logout/route';
import { createSession } from '@/lib/auth/create-session';
import { authenticate } from '@/lib/auth/session';
import { hashToken } from '@/lib/auth/token';
import { ROLES, type Role } from '@/lib/auth/roles';
import { getDb } from '@/lib/db/client';
import { call } from './api';
import { createUser, loginAs } from './users';

// Everyone a manage call can come from: nobody, dead sessions of every kind, each role alone,
// and a news_content (+ news_purge) user limited to one category.

export type Identity = {
  name: string;
  /** The roles of a live session; null for no session or a dead one. */
  roles: readonly Role[] | null;
  /** Limited to category A (and its children). */
  isLimited: boolean;
  /** What a dead or missing session answers: the envelope code (HTTP 401). */
  sessionCode?: number;
  token: string | null;
  /** A new token of the same kind (a live identity signs in again): for calls that end their session. */
  freshToken: () => Promise<string | null>;
};

const TOKEN_INVALID = 50008;
const SESSION_ENDED = 50012;
const TOKEN_EXPIRED = 50014;

let ipCounter = 10;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const live = async ({ name, roles, classIds }: { name: string; roles: Role[]; classIds?: number[] }) => {
  const user = await createUser({ roles, name });
  if (classIds) await (await getDb()).adminUser.update({ where: { id: user.id }, data: { classIds } });
  return {
    name,
    roles,
    isLimited: Boolean(classIds),
    // Signed in through the login route once; later sessions are made directly (no password hashing).
    token: await loginAs({ ...user, ip: nextIp() }),
    freshToken: async () => (await createSession({ userId: user.id, ip: nextIp(), userAgent: 'jest' })).token,
  } satisfies Identity;
};

/** A session of an admin made dead by `kill`: only the session's state can refuse its calls. */
const dead = async ({
  name,
  sessionCode,
  kill,
}: {
  name: string;
  sessionCode: number;
  kill: (token: string) => Promise<void>;
}) => {
  const user = await createUser({ roles: ['admin'], name });
  const make = async () => {
    const { token } = await createSession({ userId: user.id, ip: nextIp(), userAgent: 'jest' });
    await kill(token);
    return token;
  };
  return {
    name,
    roles: null,
    isLimited: false,
    sessionCode,
    token: await make(),
    freshToken: make,
  } satisfies Identity;
};

const updateSession = async (token: string, data: Record<string, unknown>) => {
  await (await getDb()).adminSession.updateMany({ where: { tokenHash: hashToken(token) }, data });
};

/**
 * Makes every live identity whole again after a fuzz run: one whose user was deleted, disabled,
 * given other roles or rights, or whose session was ended is replaced by a new user with the
 * roles it stands for; the limited one is limited to `limitedTo` (a category made for this run).
 */
export const healIdentities = async (identities: Identity[], { limitedTo }: { limitedTo: number }) => {
  for (const who of identities) {
    if (!who.roles) continue;
    const session = await authenticate({ token: who.token }).catch(() => null);
    const isWhole =
      session !== null &&
      session.user.roles.join() === who.roles.join() &&
      session.user.classIds.length > 0 === who.isLimited;
    const classIds = who.isLimited ? [limitedTo] : undefined;
    if (!isWhole) Object.assign(who, await live({ name: who.name, roles: [...who.roles], classIds }));
    else if (classIds)
      await (await getDb()).adminUser.update({ where: { id: session.user.id }, data: { classIds } });
  }
};

export const makeIdentities = async ({ limitedTo }: { limitedTo: number }): Promise<Identity[]> => {
  const anonymous = async (name: string, token: string | null) =>
    ({
      name,
      roles: null,
      isLimited: false,
      sessionCode: TOKEN_INVALID,
      token,
      freshToken: async () => token,
    }) satisfies Identity;
  const hour = 3_600_000;
  return [
    await anonymous('nobody', null),
    await anonymous('a made-up token', 'made-up-token-that-was-never-issued'),
    await dead({
      name: 'an expired session',
      sessionCode: TOKEN_EXPIRED,
      kill: (token) => updateSession(token, { expiresAt: new Date(Date.now() - hour) }),
    }),
    await dead({
      name: 'an idle session',
      sessionCode: TOKEN_EXPIRED,
      kill: (token) => updateSession(token, { lastSeenAt: new Date(Date.now() - 30 * 24 * hour) }),
    }),
    await dead({
      name: 'a logged-out session',
      sessionCode: TOKEN_INVALID,
      kill: async (token) => {
        await call(logoutRoute, { method: 'POST', token });
      },
    }),
    await dead({
      name: 'a session ended by a password reset',
      sessionCode: SESSION_ENDED,
      kill: (token) => updateSession(token, { revokedAt: new Date(), revokeReason: 'password_reset' }),
    }),
    ...(await Promise.all(ROLES.map((role) => live({ name: `role ${role}`, roles: [role] })))),
    // news_purge too, so purge_news's category rights are probed as well as its role.
    await live({
      name: 'news_content + news_purge limited to category A',
      roles: ['news_content', 'news_purge'],
      classIds: [limitedTo],
    }),
  ];
};
