import 'server-only';
import { signOutEntry } from '@/lib/audit/sign-in';
import { AppError } from '@/lib/http/app-error';
import { authenticate, RevokeReason, revokeSession } from './session';

/** Ends the session behind the token; a token that no longer works has nothing left to end. */
export const logout = async ({ token }: { token: string | null }) => {
  try {
    const session = await authenticate({ token });
    await revokeSession({
      sessionId: session.sessionId,
      reason: RevokeReason.logout,
      audit: signOutEntry(session.user),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return null;
};
