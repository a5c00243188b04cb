import { crc32, deflateSync } from 'node:zlib';
import { ServicePhotosResponseSchema, type ServicePhotosResponse } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { services, uploads } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService, type CreatedService } from '../support/services.ts';
import { seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// SPEC 2 /tracking/coninspection, accident documentation (decision 660), in Chromium at 360x740
// against the built PWA and the real API: two photos taken on a throttled connection (Chromium's
// own network emulation) are sent as JPEG quality 30 with their progress; the first upload is cut
// once and goes again by itself without a second object or record; the service holds one row per
// photo and shows both again after a reload.

const journey = useJourney({ simulator: false });

/** A weak mobile signal: Chromium DevTools' network emulation (values per second). */
const WEAK_SIGNAL = {
  offline: false,
  latency: 400,
  downloadThroughput: 60 * 1024,
  uploadThroughput: 24 * 1024,
};

/** A PNG of `width` x `height`: a colour gradient with noise, as a camera photo of a scene. */
function photoPng(width: number, height: number, seed: number): Buffer {
  let state = seed;
  const noise = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return ((state >>> 16) % 17) - 8;
  };
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = clamp(Math.round((x / width) * 255) + noise());
      row[2 + x * 3] = clamp(Math.round((y / height) * 200) + noise());
      row[3 + x * 3] = clamp(((x * seed) ^ y) & 0xff);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a JPEG's markers say: its size and the first value of its luminance quantisation table. */
function jpegFacts(bytes: Buffer): { width: number; height: number; lumaDc: number } {
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  let lumaDc = -1;
  let width = 0;
  let height = 0;
  let at = 2;
  while (at < bytes.length && (width === 0 || lumaDc < 0)) {
    const marker = bytes.readUInt16BE(at);
    const length = bytes.readUInt16BE(at + 2);
    // DQT: precision/table id byte, then 64 values in zigzag order; table 0 is luminance.
    if (marker === 0xffdb && lumaDc < 0 && (bytes[at + 4] ?? 0) === 0) lumaDc = bytes[at + 5] ?? -1;
    // SOF0 / SOF2: precision, height, width.
    if (marker === 0xffc0 || marker === 0xffc2) {
      height = bytes.readUInt16BE(at + 5);
      width = bytes.readUInt16BE(at + 7);
    }
    at += 2 + length;
  }
  return { width, height, lumaDc };
}

/**
 * libjpeg's scaling of its standard luminance table (first value 16) to a quality: what Chromium's
 * encoder writes for `canvas.toBlob('image/jpeg', quality / 100)`.
 */
function lumaDcAtQuality(quality: number): number {
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return Math.min(255, Math.max(1, Math.floor((16 * scale + 50) / 100)));
}

async function photosOfService(created: CreatedService): Promise<ServicePhotosResponse> {
  const response = await fetch(
    `${journey.api.baseUrl}/common/api/v1/services/${created.serviceId}/photos`,
    { headers: { 'x-api-key': journey.api.appKey, authorization: `Bearer ${created.token}` } },
  );
  expect(response.status).toBe(200);
  return ServicePhotosResponseSchema.parse(await response.json());
}

async function openInspection(page: Page, created: CreatedService) {
  await seedSessionOnce(page, seededSession(created));
  await page.goto(`${journey.api.baseUrl}/tracking/coninspection?brand=connect`, {
    waitUntil: 'load',
  });
  await page.getByRole('heading', { name: 'Documentar accidente' }).waitFor();
}

describe('accident photos on a weak signal', () => {
  it('two photos reach the service with their progress; a cut upload goes again once, no duplicate; both show after a reload', async () => {
    const shot = screenshots('accident-photos');
    const created = await createTestService(journey.api);
    const context = await journey.phone({ serviceWorkers: 'block' });
    const page = await context.newPage();

    // Chromium's network emulation for this page (DevTools protocol), before anything loads.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', WEAK_SIGNAL);

    // The signal drops during the first upload: that PUT never reaches the server.
    const puts: string[] = [];
    let cut = false;
    await page.route('**/storage/objects/**', async (route) => {
      const request = route.request();
      if (request.method() !== 'PUT') return route.continue();
      const path = new URL(request.url()).pathname;
      puts.push(path);
      if (!cut) {
        cut = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    await openInspection(page, created);
    await shot(page, 'before-photos');

    await page.getByLabel('Tomar foto').setInputFiles([
      { name: 'IMG_0001.png', mimeType: 'image/png', buffer: photoPng(2000, 1500, 7) },
      { name: 'IMG_0002.png', mimeType: 'image/png', buffer: photoPng(1500, 2000, 13) },
    ]);
    await page.getByRole('img', { name: 'Foto 2' }).waitFor();

    // The cut upload waits and goes again by itself; its progress shows while it travels.
    const progress = page.getByRole('progressbar', { name: 'Envío de la foto 1' });
    await progress.waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => {
        const bar = document.querySelector<HTMLProgressElement>('progress');
        return bar !== null && bar.value > 0 && bar.value < 100;
      },
      undefined,
      { timeout: 20_000 },
    );
    await page.getByText(/^Enviando \d+ %$/).scrollIntoViewIfNeeded();
    await shot(page, 'uploading');

    const status = page.getByRole('status');
    await status.filter({ hasText: '2 fotos enviadas a su servicio' }).waitFor({ timeout: 45_000 });
    await status.scrollIntoViewIfNeeded();
    await shot(page, 'sent');
    expect(await page.getByText(/Enviada/).count()).toBe(2);

    // Three PUTs: the cut one, its retry to the same object, and the second photo.
    expect(puts).toHaveLength(3);
    expect(puts[1]).toBe(puts[0]);
    expect(puts[2]).not.toBe(puts[0]);

    // The database: one upload row per photo, both recorded, and the count on the service.
    const rows = await journey.api.db.db
      .select()
      .from(uploads)
      .where(eq(uploads.serviceId, created.serviceId));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.photoId)).size).toBe(2);
    for (const row of rows) {
      expect(row.recordedAt).not.toBeNull();
      expect(row.contentType).toBe('image/jpeg');
      expect(row.key).toBe(`services/${created.serviceId}/${row.photoId ?? ''}.jpeg`);
    }
    expect(new Set(puts)).toEqual(new Set(rows.map((row) => `/storage/objects/${row.key}`)));
    const [service] = await journey.api.db.db
      .select({ spec: services.situationSpecification })
      .from(services)
      .where(eq(services.id, created.serviceId));
    expect(service?.spec).toMatchObject({ imagesCount: 2 });

    // What the service holds: JPEGs at quality 30, at most 1600 px on their longest side.
    const { photos } = await photosOfService(created);
    expect(photos.map((photo) => photo.photoId).sort()).toEqual(
      rows.map((row) => row.photoId).sort(),
    );
    for (const photo of photos) {
      const bytes = Buffer.from(await (await fetch(photo.signedUrl)).arrayBuffer());
      expect(bytes.length).toBe(photo.size);
      const facts = jpegFacts(bytes);
      expect(facts.lumaDc).toBe(lumaDcAtQuality(30));
      expect(Math.max(facts.width, facts.height)).toBe(1600);
      expect(Math.min(facts.width, facts.height)).toBe(1200);
    }

    // After a reload the screen shows the service's photos, loaded through their signed URLs.
    await cdp.send('Network.emulateNetworkConditions', {
      ...WEAK_SIGNAL,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.reload({ waitUntil: 'load' });
    await status.filter({ hasText: '2 fotos enviadas a su servicio' }).waitFor();
    for (const name of ['Foto 1', 'Foto 2']) {
      const image = page.getByRole('img', { name });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await image.getAttribute('src')).toMatch(
        new RegExp(`^${journey.api.baseUrl}/storage/objects/services/${created.serviceId}/`),
      );
    }
    await shot(page, 'after-reload');
    // No new object nor record came from reading them back.
    expect(puts).toHaveLength(3);
    expect(
      await journey.api.db.db
        .select()
        .from(uploads)
        .where(eq(uploads.serviceId, created.serviceId)),
    ).toHaveLength(2);
  }, 120_000);
});
