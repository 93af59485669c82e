import 'server-only';

/**
 * get_process_list reads up to 100 records of up to a 5,000-character remark and 20 attachments
 * each: ~1.6 MB of text per answer, which the database driver turns over on this process's only
 * thread (with PGlite the query itself runs there too). Ten such calls at once used to hold the
 * thread for their whole burst, and a sign-in or page load arriving meanwhile waited for all of
 * them. So in this process their reads take turns: one piece of work at a time (find-process.ts
 * reads which records first, then their text 25 at a time), and between two turns one pass of the
 * event loop, in which whatever arrived meanwhile runs first. Nothing else waits for more than one
 * piece; a list call waits for the pieces queued ahead of its own.
 *
 * Per process, on purpose: it shares out this process's thread, not a quota (several instances
 * each have their own).
 */
const store = globalThis as typeof globalThis & { __cmsProcessListTurn?: Promise<void> };

const nextPass = () => new Promise<void>((resolve) => setImmediate(resolve));

export const inListTurn = <T>(work: () => Promise<T>): Promise<T> => {
  const turn = (store.__cmsProcessListTurn ?? Promise.resolve()).then(work);
  store.__cmsProcessListTurn = turn.then(nextPass, nextPass);
  return turn;
};
