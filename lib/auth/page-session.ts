import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { authenticate, type AuthSession } from './session';
import { sessionSecret } from './secret';

/** httpOnly copy of the token, sealed with iron-session, that server-rendered pages are guarded with. */
export const PAGE_SESSION_COOKIE = 'cms_session';
// The cookie only carries the token: the session row decides (lifetimes of 系统设置 included).
// Its own limit is the longest lifetime 系统设置 allows.
const MAX_AGE_SECONDS = 60 * 60 * 8_760;

const cookieFlags = (request: Request) => {
  const isSecure = process.env.COOKIE_SECURE === '1' || new URL(request.url).protocol === 'https:';
  return `Path=/; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;
};

export const pageSessionCookie = async ({ token, request }: { token: string; request: Request }) => {
  const sealed = await sealData({ token }, { password: await sessionSecret(), ttl: MAX_AGE_SECONDS });
  return `${PAGE_SESSION_COOKIE}=${sealed}; Max-Age=${MAX_AGE_SECONDS}; ${cookieFlags(request)}`;
};

export const clearPageSessionCookie = ({ request }: { request: Request }) =>
  `${PAGE_SESSION_COOKIE}=; Max-Age=0; ${cookieFlags(request)}`;

/** The live session behind the sealed cookie, or null when there is none or it no longer works. */
export const readPageSession = async ({
  sealed,
}: {
  sealed: string | undefined;
}): Promise<AuthSession | null> => {
  if (!sealed) return null;
  try {
    const { token } = await unsealData<{ token?: string }>(sealed, {
      password: await sessionSecret(),
      ttl: MAX_AGE_SECONDS,
    });
    return token ? await authenticate({ token }) : null;
  } catch {
    return null;
  }
};
