// The demo data the specs (and the benchmarks that reuse this support code) type, send and expect,
// in one place. Account ids are those the seed derives (decision 152) and apps/api/src/db/README.md
// lists under "Demo data to type"; the card is the embedded sandbox's approved test card
// (decision 290).

/** The connect member account in Puerto Rico: fees apply, no contract search. */
export const CONNECT_PR_ACCOUNT = 'c9c3881679b7a328820d09cb';

/** The honda member account in Puerto Rico: a plate lookup against the seeded contracts. */
export const HONDA_PR_ACCOUNT = 'adafe5430e1d520e0f5c8f92';

/** San Juan, Puerto Rico (SPEC 9 default map centre): where the faked phone and its customer are. */
export const SAN_JUAN = { latitude: 18.42139, longitude: -66.073795, accuracy: 8 };

/** The customer of the connect journeys: the holder of the connect contract of plate GFS643. */
export const CUSTOMER = {
  firstName: 'Glorimar',
  lastName: 'Rivera Figueroa',
  phone: '787-555-0100',
  email: 'glorimar@example.com',
  vehicle: { plate: 'GFS643', make: 'Toyota', model: 'Corolla' },
} as const;

/** The sandbox's approved test card; any future expiry date is accepted. */
export const SANDBOX_CARD = {
  /** As printed on the card and typed in the card form. */
  number: '4242 4242 4242 4242',
  expMonth: 12,
  cvc: '123',
  name: 'Glorimar Rivera',
} as const;

/**
 * The member account of connect-home-repair-ondemand-pr (Connect Hogar) in Puerto Rico: home
 * track, every home category allowed, its own home contract lookup (decision 152 ids).
 */
export const CONNECT_HOME_PR_ACCOUNT = 'a7ae0f69e945975d2ddea2df';

/**
 * The connect member account in Costa Rica: fees apply, no contract search, every amount in colones
 * (SPEC 9 "colon for Costa Rica"; decision 655).
 */
export const CONNECT_CR_ACCOUNT = 'e06a76596f185458e588438a';

/** San José, Costa Rica (the branch's map centre, decision 112): where the Costa Rica phone is. */
export const SAN_JOSE = { latitude: 9.932543, longitude: -84.079578, accuracy: 8 };
