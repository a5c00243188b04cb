import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import { mapDrawn } from '../support/journey-steps-common.ts';
import {
  acceptedService,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// The tracking map (Leaflet, decision 700; status first, decision 750), in Chromium on a
// 360x740 phone with a live service: the basemap drawn, the dashed approximate route from the driver
// to the customer, both in sight, the customer's pin never under the truck, the credits folded into
// an (i) button, and the map never the page's largest contentful paint.

const journey = useJourney({ simulator: false });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on the screen');
  return box;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box of a marker once its glide has ended (two equal readings a quarter second apart). */
async function settledBox(marker: Locator): Promise<Box> {
  let last: Box | null = null;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const box = await boxOf(marker);
    if (last && Math.abs(last.x - box.x) < 0.5 && Math.abs(last.y - box.y) < 0.5) return box;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The marker did not settle');
}

/** The stacking order Leaflet gave a marker (its icon's z-index): higher is drawn above. */
async function stackingOf(marker: Locator): Promise<number> {
  return marker.evaluate((element) =>
    Number(getComputedStyle(element.closest('.leaflet-marker-icon') ?? element).zIndex),
  );
}

/** Where the driver's arrow points, degrees clockwise from north. */
async function arrowDegrees(truck: Locator): Promise<number> {
  const turn = await truck.locator('.map-marker__arrow').getAttribute('transform');
  return Number(/^rotate\(([\d.]+) 16 16\)$/.exec(turn ?? '')?.[1]);
}

/** Every largest-contentful-paint candidate the page reported, as its element's description. */
function contentfulPaints(page: Page): Promise<{ inMap: boolean; what: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ inMap: boolean; what: string }[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            list.getEntries().map((entry) => {
              const element = (entry as PerformanceEntry & { element: Element | null }).element;
              return {
                inMap: element?.closest('.map-view') != null,
                what: element
                  ? `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent.slice(0, 40)}`
                  : '(removed)',
              };
            }),
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

describe('the tracking map', () => {
  it('shows the route from the driver to the customer, both in sight, the pin above the truck', async () => {
    const shot = screenshots('tracking-map');
    const { created, driver } = await acceptedService(journey.api);
    // About 10 km south-west of the customer, south of Guaynabo.
    await driver.position(18.345, -66.125);
    const context = await journey.phone({ geolocation: SAN_JUAN });
    const page = await context.newPage();
    await seedSessionOnce(page, seededSession(created));
    await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`);
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    await mapDrawn(page);

    const map = page.getByRole('region', { name: 'Mapa con su ubicación y la de su conductor' });
    const pin = map.getByRole('img', { name: 'Ubicación del servicio' });
    const truck = map.getByRole('img', { name: 'Proveedor' });
    const route = map.locator('path.map-route--approximate');
    await route.waitFor();
    await map.getByText('Ruta aproximada').waitFor();
    const mapBox = await boxOf(map);
    let pinBox = await settledBox(pin);
    let truckBox = await settledBox(truck);
    await shot(page, 'driver-on-the-way');

    // Both in sight, the pin drawn above the truck, with the route line joining them.
    expect(await stackingOf(pin)).toBeGreaterThan(await stackingOf(truck));
    expect(inside(pinBox, mapBox)).toBe(true);
    expect(inside(truckBox, mapBox)).toBe(true);
    const routeBox = await boxOf(route);
    expect(routeBox.width + routeBox.height).toBeGreaterThan(60);
    const pinTip = { x: pinBox.x + pinBox.width / 2, y: pinBox.y + pinBox.height };
    const truckCentre = { x: truckBox.x + truckBox.width / 2, y: truckBox.y + truckBox.height / 2 };
    for (const end of [pinTip, truckCentre]) {
      expect(end.x).toBeGreaterThanOrEqual(routeBox.x - 6);
      expect(end.x).toBeLessThanOrEqual(routeBox.x + routeBox.width + 6);
      expect(end.y).toBeGreaterThanOrEqual(routeBox.y - 6);
      expect(end.y).toBeLessThanOrEqual(routeBox.y + routeBox.height + 6);
    }
    // Place names of the towns around (Bayamón, west of the route), none over another nor under
    // the pin or the truck.
    const names = map.locator('.map-label__text');
    await names.filter({ hasText: 'Bayamón' }).waitFor();
    const nameBoxes = await Promise.all((await names.all()).map((name) => boxOf(name)));
    for (const [i, a] of nameBoxes.entries()) {
      for (const b of [...nameBoxes.slice(i + 1), pinBox, truckBox])
        expect(overlap(a, b)).toBe(false);
    }

    // The driver is south-west of the customer, on the way there: the arrow points north-east.
    expect(await arrowDegrees(truck)).toBeGreaterThan(15);
    expect(await arrowDegrees(truck)).toBeLessThan(60);

    // The driver arrives where the customer is: the truck is drawn beside the pin, not over it.
    await driver.position(SAN_JUAN.latitude, SAN_JUAN.longitude, 0);
    await expect
      .poll(async () => {
        const box = await boxOf(truck);
        return Math.abs(box.y + box.height / 2 - pinTip.y) < 40;
      })
      .toBe(true);
    pinBox = await settledBox(pin);
    truckBox = await settledBox(truck);
    await shot(page, 'driver-at-the-customer');
    expect(overlap(pinBox, truckBox)).toBe(false);
    expect(await stackingOf(pin)).toBeGreaterThan(await stackingOf(truck));
    expect(inside(truckBox, mapBox)).toBe(true);
    // It drove north-east: the arrow still points that way.
    expect(await arrowDegrees(truck)).toBeGreaterThan(15);
    expect(await arrowDegrees(truck)).toBeLessThan(60);

    // The credits: folded into the (i) button, unfolded on tap.
    const credits = map.getByRole('button', { name: 'Créditos del mapa' });
    expect(await credits.getAttribute('aria-expanded')).toBe('false');
    expect(await map.getByText(/Natural Earth/).count()).toBe(0);
    await credits.click();
    await map.getByText(/Natural Earth.*Leaflet/).waitFor();
    expect(await credits.getAttribute('aria-expanded')).toBe('true');
    await shot(page, 'credits-open');

    // The map was never the largest paint: its land is a canvas, its names are small.
    const paints = await contentfulPaints(page);
    expect(paints.length).toBeGreaterThan(0);
    expect(paints.filter((paint) => paint.inMap)).toEqual([]);
  });
});
