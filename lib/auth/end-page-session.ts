'use server';

import { cookies } from 'next/headers';
import { PAGE_SESSION_COOKIE, readPageSession } from '@/lib/auth/page-session';
import { RevokeReason, revokeSession } from '@/lib/auth/session';

/**
 * Ends the httpOnly page session from the browser. The client calls it when its own token is
 * gone or refused while the page cookie still opens the admin area; without it /login would send
 * the user straight back in, and the client guard would send them out again, forever.
 * The caller then leaves with a full page load, which also drops every bit of client state.
 */
export async function endPageSession() {
  const store = await cookies();
  const session = await readPageSession({ sealed: store.get(PAGE_SESSION_COOKIE)?.value });
  if (session) await revokeSession({ sessionId: session.sessionId, reason: RevokeReason.logout });
  store.delete(PAGE_SESSION_COOKIE);
}
