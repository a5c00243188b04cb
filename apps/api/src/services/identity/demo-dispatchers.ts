import { timingSafeEqual } from 'node:crypto';
import { buildDispatchers } from '../../db/seed/dispatchers.ts';
import { DEMO_DRIVER_PIN } from './demo-drivers.ts';

// The bundled identity provider's dispatchers (docs/decisions/762): every seeded dispatcher
// (apps/api/src/db/seed/dispatchers.ts) signs in with the e-mail of its row and the demo PIN, the
// drivers' one. Its OpenID `sub` is the dispatcher id, which the seed also writes to
// dispatchers.oidc_subject.

export interface DemoDispatcher {
  /** The OpenID `sub`: the seeded dispatcher's id. */
  id: string;
  name: string;
  email: string;
  /** Demo only, documented in the README: never a real secret. */
  pin: string;
}

let cached: readonly DemoDispatcher[] | undefined;

/** The seeded dispatchers as sign-in accounts, built once (the seed is deterministic). */
export function demoDispatchers(): readonly DemoDispatcher[] {
  cached ??= buildDispatchers().map((dispatcher) => ({
    id: dispatcher.id,
    name: dispatcher.name,
    email: dispatcher.email,
    pin: DEMO_DRIVER_PIN,
  }));
  return cached;
}

export function findDemoDispatcherById(id: string): DemoDispatcher | undefined {
  return demoDispatchers().find((dispatcher) => dispatcher.id === id);
}

/** The dispatcher whose e-mail (any case) and PIN were typed, if both match. */
export function authenticateDemoDispatcher(email: string, pin: string): DemoDispatcher | undefined {
  const typed = email.trim().toLowerCase();
  const dispatcher = demoDispatchers().find((candidate) => candidate.email.toLowerCase() === typed);
  if (!dispatcher) return undefined;
  const expected = Buffer.from(dispatcher.pin);
  const given = Buffer.from(pin);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? dispatcher
    : undefined;
}
