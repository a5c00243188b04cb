import { z } from 'zod/mini';
import { DriverProfileSchema, type DriverSession } from '../api/driver-contract.ts';

// The driver's token lives under its own localStorage key (docs/decisions/761), never in the
// customer's session store: a phone used by a driver and, once, by a customer keeps both apart.

export const DRIVER_SESSION_KEY = 'auxilio:driver-session';

const StoredSessionSchema = z.object({ token: z.string(), driver: DriverProfileSchema });

export function readDriverSession(storage: Storage): DriverSession | null {
  try {
    const parsed = StoredSessionSchema.safeParse(
      JSON.parse(storage.getItem(DRIVER_SESSION_KEY) ?? ''),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDriverSession(storage: Storage, session: DriverSession): void {
  storage.setItem(DRIVER_SESSION_KEY, JSON.stringify(session));
}

export function clearDriverSession(storage: Storage): void {
  storage.removeItem(DRIVER_SESSION_KEY);
}
