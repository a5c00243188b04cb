import { DispatcherSessionSchema, type DispatcherSession } from '@auxilio/domain';
import { readStoredJson } from '../../../lib/stored-json.ts';

// The dispatcher's token lives under its own localStorage key (docs/decisions/762), apart from a
// driver's or a customer's. A session lasts one shift: once `expiresAt` passes the console shows the
// sign-in again instead of calls that would all answer 401.

export const DISPATCHER_SESSION_KEY = 'auxilio:dispatcher-session';

/** The stored session, or null when there is none, it does not parse, or it has expired. */
export function readDispatcherSession(
  storage: Storage,
  now: Date = new Date(),
): DispatcherSession | null {
  const session = readStoredJson(storage, DISPATCHER_SESSION_KEY, DispatcherSessionSchema);
  if (!session) return null;
  const expiresAt = Date.parse(session.expiresAt);
  if (Number.isNaN(expiresAt) || expiresAt <= now.getTime()) {
    storage.removeItem(DISPATCHER_SESSION_KEY);
    return null;
  }
  return session;
}

export function writeDispatcherSession(storage: Storage, session: DispatcherSession): void {
  storage.setItem(DISPATCHER_SESSION_KEY, JSON.stringify(session));
}

export function clearDispatcherSession(storage: Storage): void {
  storage.removeItem(DISPATCHER_SESSION_KEY);
}
