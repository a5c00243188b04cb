import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GeotextRoomSchema, type GeotextRoom } from '@auxilio/domain';
import { geotextResponses, geotextRooms, messages } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService } from '../support/services.ts';

// SPEC 1 "confirm their location through a text-message link (geotext flow)", decision 600. The
// operator creates a room over the operator API; the text with the link is read from the outbox
// (what the SMS adapter would deliver); the customer opens it on a fresh phone, allows the
// location, drags the pin and confirms ('Recibido', SPEC 2). The service's situation and the
// operator's live stream are checked at the API, not on the screen. SPEC 8: a denied location
// sends a failed answer and shows /geotext/error/location; SPEC 2: expired and unknown rooms show
// /geotext/error/roomid.

const journey = useJourney({ simulator: false });
const ROOMS = '/common/api/v1/operator/geotext-rooms';
const CUSTOMER_PHONE = '+17875550100';

function operatorHeaders(): Record<string, string> {
  const key = journey.api.app.config.operatorApiKey;
  if (!key) throw new Error('The journey API has no operator key');
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

async function createRoom(body: Record<string, unknown>): Promise<GeotextRoom> {
  const response = await fetch(`${journey.api.baseUrl}${ROOMS}`, {
    method: 'POST',
    headers: operatorHeaders(),
    body: JSON.stringify({ phoneNumber: CUSTOMER_PHONE, ...body }),
  });
  if (response.status !== 201) throw new Error(`room: HTTP ${response.status}`);
  return GeotextRoomSchema.parse(await response.json());
}

/** The link in the text message queued for the room, as the customer's phone receives it. */
async function linkInText(roomId: string): Promise<string> {
  const [text] = await journey.api.db.db
    .select()
    .from(messages)
    .where(eq(messages.id, `geotext-${roomId}`));
  expect(text).toMatchObject({ kind: 'sms', to: CUSTOMER_PHONE });
  const link = /https?:\/\/\S+/.exec(text?.body ?? '')?.[0];
  if (!link) throw new Error(`No link in the text: ${text?.body ?? '(none)'}`);
  return link;
}

/** The operator's live stream of the room: resolves with the first event named `name`. */
function operatorStream(roomId: string, name: string): { event: Promise<unknown>; close(): void } {
  const abort = new AbortController();
  const event = (async () => {
    const response = await fetch(`${journey.api.baseUrl}${ROOMS}/${roomId}/events`, {
      headers: operatorHeaders(),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('No stream body');
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`The stream ended before a ${name} event`);
      buffer += decoder.decode(value, { stream: true });
      const match = new RegExp(`event: ${name}\\ndata: (.*)\\n`).exec(buffer);
      if (match?.[1]) return JSON.parse(match[1]) as unknown;
    }
  })();
  return {
    event,
    close: () => {
      abort.abort();
    },
  };
}

async function answersOf(roomId: string) {
  return journey.api.db.db
    .select()
    .from(geotextResponses)
    .where(eq(geotextResponses.roomId, roomId));
}

async function customerPhone(origin: string, geolocation: 'granted' | 'denied'): Promise<Page> {
  const context: BrowserContext = await journey.phone();
  if (geolocation === 'granted') {
    await context.grantPermissions(['geolocation'], { origin });
    await context.setGeolocation(SAN_JUAN);
  }
  const page = await context.newPage();
  if (geolocation === 'denied') {
    // The customer answers "Block" to the browser's question.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'geolocation' },
      setting: 'denied',
      origin,
    });
  }
  return page;
}

describe('geotext: the operator asks a caller where they are by text message', () => {
  it('the customer drags the pin and confirms; the service and the operator get that point', async () => {
    const shot = screenshots('geotext-happy-path');
    const service = await createTestService(journey.api);
    const room = await createRoom({ serviceId: service.serviceId });
    const stream = operatorStream(room._id, 'located');
    try {
      const link = await linkInText(room._id);
      expect(link).toBe(room.link);
      expect(link.startsWith(`${journey.api.baseUrl}/geotext/landing?`)).toBe(true);

      const page = await customerPhone(journey.api.baseUrl, 'granted');
      await page.goto(link, { waitUntil: 'load' });
      await page.waitForURL((url) => url.pathname === `/geotext/permission/${room._id}`);
      await page.getByRole('heading', { name: 'Permita el acceso a su ubicación' }).waitFor();
      await shot(page, 'permission');

      await page.getByRole('button', { name: 'Compartir mi ubicación' }).click();
      await page.waitForURL((url) => url.pathname === `/geotext/map/${room._id}`);
      const pin = page.getByRole('img', { name: 'Marcador de su ubicación' });
      await pin.waitFor();
      await page.getByText('± 8 m').waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, 'map');

      // Drag the pin 60 px right and 40 px up: east and north of where the phone is.
      const box = await pin.boundingBox();
      if (!box) throw new Error('The pin has no box');
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y - 40, { steps: 12 });
      await page.mouse.up();
      await page.waitForLoadState('networkidle');
      await shot(page, 'pin-dragged');

      await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
      await page.waitForURL((url) => url.pathname === '/geotext/confirmation');
      await page.getByRole('heading', { name: 'Recibido' }).waitFor();
      await shot(page, 'confirmation');

      const [answer] = await answersOf(room._id);
      expect(answer).toMatchObject({ success: true, phoneNumber: '17875550100' });
      expect(answer?.lng).toBeGreaterThan(SAN_JUAN.longitude + 0.0001);
      expect(answer?.lat).toBeGreaterThan(SAN_JUAN.latitude + 0.0001);
      const situation = await journey.api.service(service.serviceId);
      expect(situation).toMatchObject({
        situationLat: answer?.lat,
        situationLng: answer?.lng,
        locationPermission: 'GRANTED',
      });
      expect(await stream.event).toMatchObject({
        roomId: room._id,
        success: true,
        lat: answer?.lat,
        lng: answer?.lng,
      });

      // The link is spent: opened again, it explains so.
      await page.goto(link, { waitUntil: 'load' });
      await page.waitForURL((url) => url.pathname === '/geotext/error/roomid');
    } finally {
      stream.close();
    }
  });

  it('SPEC 8: a denied location sends a failed answer and explains how to allow it', async () => {
    const shot = screenshots('geotext-denied');
    const room = await createRoom({});
    const page = await customerPhone(journey.api.baseUrl, 'denied');
    await page.goto(await linkInText(room._id), { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Compartir mi ubicación' }).click();
    await page.waitForURL((url) => url.pathname === '/geotext/error/location');
    await page.getByRole('heading', { name: 'No pudimos obtener su ubicación' }).waitFor();
    await page.getByRole('button', { name: 'Intentar de nuevo' }).waitFor();
    await shot(page, 'location-error');
    expect(await answersOf(room._id)).toMatchObject([{ success: false, lat: null, lng: null }]);
  });

  it.each([
    ['an expired room', 'expired'],
    ['an unknown room', 'unknown'],
  ])('SPEC 2: %s shows /geotext/error/roomid', async (_case, kind) => {
    const shot = screenshots(`geotext-room-${kind}`);
    let link = `${journey.api.baseUrl}/geotext/landing?roomId=no-such-room&phoneNumber=17875550100`;
    if (kind === 'expired') {
      const room = await createRoom({});
      await journey.api.db.db
        .update(geotextRooms)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(geotextRooms.id, room._id));
      link = await linkInText(room._id);
    }
    const page = await customerPhone(journey.api.baseUrl, 'granted');
    await page.goto(link, { waitUntil: 'load' });
    await page.waitForURL((url) => url.pathname === '/geotext/error/roomid');
    await page.getByRole('heading', { name: 'Este enlace no es válido' }).waitFor();
    await shot(page, 'room-error');
  });
});
