import { timingSafeEqual } from 'node:crypto';

// The bundled identity provider's members (docs/decisions/460). Deterministic: the first one is the
// holder of the seeded mmm Puerto Rico Member contract (apps/api/src/db/README.md), so signing in
// as him leads to a contract search that finds a vehicle.

/** SPEC 3 "Sign-in user info: firstname, lastname, cardnumber", plus the demo PIN to sign in. */
export interface DemoMember {
  /** The OpenID `sub`. */
  id: string;
  firstname: string;
  lastname: string;
  cardnumber: string;
  /** Demo only, documented in the README: never a real secret. */
  pin: string;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    id: 'demo-member-1',
    firstname: 'Héctor',
    lastname: 'Acevedo Cruz',
    cardnumber: '436516243',
    pin: '1234',
  },
  {
    id: 'demo-member-2',
    firstname: 'Lucía',
    lastname: 'Santiago Ortiz',
    cardnumber: '400000017',
    pin: '1234',
  },
];

export function findDemoMemberById(id: string): DemoMember | undefined {
  return DEMO_MEMBERS.find((member) => member.id === id);
}

/** The member whose card number and PIN were typed, if both match. */
export function authenticateDemoMember(cardnumber: string, pin: string): DemoMember | undefined {
  const member = DEMO_MEMBERS.find((candidate) => candidate.cardnumber === cardnumber.trim());
  if (!member) return undefined;
  const expected = Buffer.from(member.pin);
  const given = Buffer.from(pin);
  return expected.length === given.length && timingSafeEqual(expected, given) ? member : undefined;
}
