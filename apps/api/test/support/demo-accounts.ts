import { demoAccountId } from '../../src/db/seed/index.ts';

// The seeded demo member accounts the API tests request for (apps/api/src/db/README.md), by brand
// and branch. Ids come from the seed's own rule, never typed by hand.

/** connect in Puerto Rico: plate lookup, fees charged (the default account of the tests). */
export const CONNECT_PR = demoAccountId('connect', 'PR', 'member');
/** connect in Costa Rica: prices in colones. */
export const CONNECT_CR = demoAccountId('connect', 'CR', 'member');
/** honda in Puerto Rico: the plate lookup of the road-journey cases. */
export const HONDA_PR = demoAccountId('honda', 'PR', 'member');
/** mmm in Puerto Rico: member-id lookup and member sign-in. */
export const MMM_PR = demoAccountId('mmm', 'PR', 'member');
/** otium in Panama: policy-number lookup. */
export const OTIUM_PA = demoAccountId('otium', 'PA', 'member');
/** banco-meseta in Colombia: lookup by the holder's name with its plate (decision 417). */
export const BANCO_MESETA_CO = demoAccountId('banco-meseta', 'CO', 'member');
