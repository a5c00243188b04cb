import { timingSafeEqual } from 'node:crypto';
import { buildDrivers } from '../../db/seed/drivers.ts';

// The bundled identity provider's drivers (docs/decisions/761): every seeded driver
// (apps/api/src/db/seed/drivers.ts) signs in with the e-mail of its row and the demo PIN. Its OpenID
// `sub` is the driver id, which the seed also writes to drivers.oidc_subject.

export interface DemoDriver {
  /** The OpenID `sub`: the seeded driver's id. */
  id: string;
  name: string;
  email: string;
  branch: string;
  /** Demo only, documented in the README: never a real secret. */
  pin: string;
}

export const DEMO_DRIVER_PIN = '1234';

let cached: readonly DemoDriver[] | undefined;

/** The seeded drivers as sign-in accounts, built once (the seed is deterministic). */
export function demoDrivers(): readonly DemoDriver[] {
  cached ??= buildDrivers().drivers.map((driver) => ({
    id: driver.id,
    name: driver.name,
    email: driver.email,
    branch: driver.branch,
    pin: DEMO_DRIVER_PIN,
  }));
  return cached;
}

export function findDemoDriverById(id: string): DemoDriver | undefined {
  return demoDrivers().find((driver) => driver.id === id);
}

/** The driver whose e-mail (any case) and PIN were typed, if both match. */
export function authenticateDemoDriver(email: string, pin: string): DemoDriver | undefined {
  const typed = email.trim().toLowerCase();
  const driver = demoDrivers().find((candidate) => candidate.email.toLowerCase() === typed);
  if (!driver) return undefined;
  const expected = Buffer.from(driver.pin);
  const given = Buffer.from(pin);
  return expected.length === given.length && timingSafeEqual(expected, given) ? driver : undefined;
}
