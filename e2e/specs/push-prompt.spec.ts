import { describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService } from '../support/services.ts';
import { seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// SPEC 2 "Tracking loading: ... A push-notification prompt appears (after 1 page view and 5 s)"
// (decision 741). A newcomer waiting for a driver on /tracking/loading sees it 5 s
// after the screen opens, and "Ahora no" puts it away for good. The simulator is off: no driver
// takes the request while the spec watches the loading screen.

const journey = useJourney({ simulator: false });

describe('push-notification prompt on the loading screen', () => {
  it('a newcomer sees it 5 s after the loading screen opens; "Ahora no" puts it away', async () => {
    const shot = screenshots('push-prompt');
    const created = await createTestService(journey.api);
    // No permission granted to the phone: Playwright's `permissions` (geolocation in the journeys)
    // deny every permission not listed, notifications included, and a browser that has answered is
    // never asked again (decision 302), so the prompt never showed in those runs.
    const page = await (await journey.phone()).newPage();
    await seedSessionOnce(page, seededSession(created));

    await page.goto(`${journey.api.baseUrl}/tracking/loading?brand=${created.brand}`, {
      waitUntil: 'load',
    });
    // As on a phone that never answered.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const opened = Date.now();
    const prompt = page.getByRole('region', { name: '¿Le avisamos?' });
    expect(await prompt.count()).toBe(0);

    await prompt.waitFor({ timeout: 20_000 });
    // Not before the 5 s of SPEC 9 (less the moment between the screen and its heading showing).
    expect(Date.now() - opened).toBeGreaterThanOrEqual(4_000);
    expect(new URL(page.url()).pathname).toBe('/tracking/loading');
    await prompt.getByRole('button', { name: 'Activar' }).waitFor();
    await shot(page, 'loading-with-push-prompt');

    await prompt.getByRole('button', { name: 'Ahora no' }).click();
    expect(await prompt.count()).toBe(0);

    // Answered on this phone: a later visit of the loading screen does not ask again.
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(6_500);
    expect(await prompt.count()).toBe(0);
    await shot(page, 'loading-after-answer');
  }, 90_000);
});
