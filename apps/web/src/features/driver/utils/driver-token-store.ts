import { z } from 'zod/mini';
import { readStoredJson } from '../../../lib/stored-json.ts';
import { DriverProfileSchema, type DriverSession } from '@auxilio/domain';
import { positionQueueKey } from './position-queue.ts';

// The driver's token lives under its own localStorage key (docs/decisions/761), never in the
// customer's session store: a phone used by a driver and, once, by a customer keeps both apart.

export const DRIVER_SESSION_KEY = 'auxilio:driver-session';

const StoredSessionSchema = z.object({ token: z.string(), driver: DriverProfileSchema });

export function readDriverSession(storage: Storage): DriverSession | null {
  return readStoredJson(storage, DRIVER_SESSION_KEY, StoredSessionSchema);
}

export function writeDriverSession(storage: Storage, session: DriverSession): void {
  storage.setItem(DRIVER_SESSION_KEY, JSON.stringify(session));
}

/** Signs the phone out: the token and the driver's unsent positions (they are no one's now). */
export function clearDriverSession(storage: Storage): void {
  const session = readDriverSession(storage);
  if (session) storage.removeItem(positionQueueKey(session.driver.id));
  storage.removeItem(DRIVER_SESSION_KEY);
}
