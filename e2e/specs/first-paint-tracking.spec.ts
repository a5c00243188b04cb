import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';
import {
  acceptedService,
  assignedDriverName,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// Decision 752: a phone that follows its service keeps a tracking cookie beside its session, and
// the /tracking page the server writes for it paints the service's status before the scripts
// arrive. The app's first render then draws the whole screen in its place: the status never
// blinks into a loading line or a skeleton.

const journey = useJourney({ simulator: false });
const shoot = screenshots('first-paint-tracking');

/** Every text the tracking title showed while the page loaded, from its first paint on. */
async function titlesWhileLoading(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { titles: string[] }).titles);
}

describe('/tracking painted with the phone’s service (decision 752)', () => {
  it('shows the status before the scripts, and the app takes over without a loading line', async () => {
    const { created } = await acceptedService(journey.api);
    const title = `${await assignedDriverName(journey.api, created.serviceId)} estará con usted pronto`;
    const url = `${journey.api.baseUrl}/tracking?brand=${created.brand}`;

    // The customer's phone follows the service: the app writes the cookie beside the session.
    const phone = await journey.phone();
    const page = await phone.newPage();
    await seedSessionOnce(page, seededSession(created));
    await page.goto(url);
    await expect.poll(() => trackingTitle(page).textContent()).toBe(title);
    const cookies = await phone.cookies();
    expect(cookies.map((cookie) => [cookie.name, cookie.path, cookie.sameSite])).toEqual([
      ['auxilio_service', '/tracking', 'Strict'],
    ]);

    // Before the scripts: the same cookie, the status in its place.
    const scriptless = await journey.phone({ javaScriptEnabled: false });
    await scriptless.addCookies(cookies);
    const before = await scriptless.newPage();
    await before.goto(url, { waitUntil: 'networkidle' });
    expect(await trackingTitle(before).textContent()).toBe(title);
    const painted = await trackingTitle(before).boundingBox();
    // Accepted: two of the four steps, named under the bar.
    const bar = before.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('2');
    expect(await before.locator('.progress__label').textContent()).toBe('Conductor asignado');
    await shoot(before, 'before-scripts');

    // Opened again with the scripts: the title holds its text and place throughout.
    await page.addInitScript({
      content: `window.titles = [];
        const note = () => {
          const h1 = document.querySelector('main h1');
          const text = document.querySelector('.screen-loading') ? 'loading line' : (h1 ? h1.textContent : 'none');
          if (window.titles[window.titles.length - 1] !== text) window.titles.push(text);
        };
        new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    await page.reload();
    await page.locator('.tracking:not(.tracking--skeleton)').waitFor();
    await page.waitForLoadState('networkidle');
    // Before the parser has reached the title there is none; from then on, only the status.
    const seen = await titlesWhileLoading(page);
    const from = seen.indexOf(title);
    expect(seen.slice(0, from).every((text) => text === 'none' || text === '')).toBe(true);
    expect(seen.slice(from)).toEqual([title]);
    expect(await trackingTitle(page).boundingBox()).toEqual(painted);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(await page.locator('.progress__label').textContent()).toBe('Conductor asignado');
    await shoot(page, 'app');
  });

  it('a phone without the cookie gets the skeleton, and a signed-out one loses the cookie', async () => {
    const { created } = await acceptedService(journey.api);
    const phone = await journey.phone();
    const page = await phone.newPage();
    await seedSessionOnce(page, seededSession(created));
    await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`);
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    expect(await phone.cookies()).toHaveLength(1);

    // The session ends (a new request, a cancellation): the cookie goes with it. Cleared from a
    // page of the origin that runs no app code, which could otherwise write the session back.
    await page.goto(`${journey.api.baseUrl}/health`);
    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.goto(`${journey.api.baseUrl}/?brand=${created.brand}`);
    await expect.poll(() => phone.cookies()).toEqual([]);
    const scriptless = await journey.phone({ javaScriptEnabled: false });
    const before = await scriptless.newPage();
    await before.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`);
    expect(await before.locator('main.tracking--skeleton .skeleton--title').count()).toBe(1);
  });
});
