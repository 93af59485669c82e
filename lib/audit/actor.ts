import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes the changes of the current call, and from where (the 操作日志's user and IP). */
export type AuditActor = {
  userId: number | null;
  username: string;
  ip: string;
  /** The person's name (历史版本 show it); the username when not known. */
  name?: string;
};

/** Outside a manage API call (start-up, scripts): the system. */
const SYSTEM: AuditActor = { userId: null, username: '', ip: '' };

// On globalThis: every server bundle that includes this module must see the same store.
const store = globalThis as typeof globalThis & { __cmsAuditActor?: AsyncLocalStorage<AuditActor> };
const storage = (store.__cmsAuditActor ??= new AsyncLocalStorage<AuditActor>());

/**
 * Runs a call's work as `actor`: manageRoute wraps every handler in it, so a service records who
 * and from where without passing them down (lib/audit/record.ts reads them).
 */
export const runAsActor = <T>(actor: AuditActor, work: () => T): T => storage.run(actor, work);

export const currentActor = (): AuditActor => storage.getStore() ?? SYSTEM;
