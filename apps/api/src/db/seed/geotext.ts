import type { geotextRooms } from '../schema.ts';

type GeotextRoomRow = typeof geotextRooms.$inferInsert;

/** The demo's phone number for geotext links (a Puerto Rico number of the 555 range). */
export const DEMO_GEOTEXT_PHONE = '7875550100';

/**
 * Location-by-text links to try the /geotext screens without an operator (decision 413): one open
 * room (`/geotext/permission/geotext-demo-pr?phoneNumber=7875550100`) and one expired room. Fixed
 * dates keep the seed deterministic.
 */
export function buildGeotextRooms(): GeotextRoomRow[] {
  return [
    {
      id: 'geotext-demo-pr',
      phoneNumber: DEMO_GEOTEXT_PHONE,
      serviceId: null,
      createdAt: new Date('2026-01-01T12:00:00.000Z'),
      expiresAt: new Date('2099-12-31T23:59:59.000Z'),
    },
    {
      id: 'geotext-demo-expired',
      phoneNumber: DEMO_GEOTEXT_PHONE,
      serviceId: null,
      createdAt: new Date('2025-01-01T12:00:00.000Z'),
      expiresAt: new Date('2025-01-02T12:00:00.000Z'),
    },
  ];
}
