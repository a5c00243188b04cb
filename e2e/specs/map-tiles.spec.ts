import { describe, expect, it } from 'vitest';
import { INITIAL_SESSION } from '@auxilio/domain';
import { screenshots } from '../support/browser.ts';
import { CONNECT_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import { mapDrawn } from '../support/journey-steps-common.ts';
import { useTileServer } from '../support/tile-server.ts';
import { seedSessionOnce } from '../support/tracking-steps-session.ts';

// A production tile provider (MAP_TILES_URL and MAP_ATTRIBUTION, decision 700): the map draws the
// provider's raster tiles, each into a canvas (never an <img>, which could become the page's largest
// paint), within the Content-Security-Policy, with the provider's credit behind the (i) button and
// no demo badge.

const tiles = useTileServer();
const journey = useJourney({
  simulator: false,
  env: () => ({ MAP_TILES_URL: tiles.template, MAP_ATTRIBUTION: 'Teselas de prueba (E2E)' }),
});

describe('the map on a raster tile provider', () => {
  it('draws the tiles into canvases, under the CSP, with the provider credit', async () => {
    const shot = screenshots('map-tiles');
    const context = await journey.phone({ geolocation: SAN_JUAN });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { cspViolations?: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
      });
    });
    const page = await context.newPage();
    await seedSessionOnce(
      page,
      JSON.stringify({
        state: {
          session: {
            ...INITIAL_SESSION,
            brand: 'connect',
            accountId: CONNECT_PR_ACCOUNT,
            situation: 'flatTire',
          },
        },
        version: 1,
      }),
    );
    await page.goto(`${journey.api.baseUrl}/location?brand=connect`);
    await mapDrawn(page);
    await page.waitForLoadState('networkidle');
    await shot(page, 'location');

    // SPEC 9 "location map 17", under the provider's cap of 18.
    expect(tiles.requests.length).toBeGreaterThan(0);
    expect(tiles.requests.every((path) => path.startsWith('/17/'))).toBe(true);
    const map = page.locator('.map-view');
    expect(await map.locator('canvas.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(await map.locator('img').count()).toBe(0);
    expect(await map.getByText('Mapa de demostración').count()).toBe(0);

    await map.getByRole('button', { name: 'Créditos del mapa' }).click();
    await map.getByText('Teselas de prueba (E2E) · Leaflet').waitFor();
    expect(
      await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []),
    ).toEqual([]);
  });
});
