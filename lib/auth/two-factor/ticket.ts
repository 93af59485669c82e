import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { sessionSecret } from '../secret';

/**
 * Between the two steps of a two-factor sign-in the client holds a ticket: the user id, sealed
 * (encrypted and signed) with iron-session, valid TICKET_SECONDS. It proves only that the
 * password was right; without a code it gives nothing, and codes are throttled per user.
 * `changed` pins the password (change) time, so a ticket dies with the password it was won by.
 */
const TICKET_SECONDS = 5 * 60;

type Ticket = { userId: number; changed: number; purpose: 'two_factor_login' };

export const sealTicket = async (ticket: Omit<Ticket, 'purpose'>) =>
  sealData({ ...ticket, purpose: 'two_factor_login' } satisfies Ticket, {
    password: await sessionSecret(),
    ttl: TICKET_SECONDS,
  });

/** The ticket's content, or null when it is forged, damaged or older than TICKET_SECONDS. */
export const openTicket = async (sealed: string): Promise<Omit<Ticket, 'purpose'> | null> => {
  try {
    const ticket = await unsealData<Partial<Ticket>>(sealed, {
      password: await sessionSecret(),
      ttl: TICKET_SECONDS,
    });
    if (ticket.purpose !== 'two_factor_login' || typeof ticket.userId !== 'number') return null;
    return { userId: ticket.userId, changed: Number(ticket.changed) || 0 };
  } catch {
    return null;
  }
};
