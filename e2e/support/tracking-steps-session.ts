import { eq } from 'drizzle-orm';
import { INITIAL_SESSION, type Session } from '@auxilio/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { drivers } from '../../apps/api/src/db/schema.ts';
import type { DriverSession, JourneyApi } from './journey-api.ts';
import { createTestService, type CreatedService } from './services.ts';

/** The localStorage key the session store persists under (apps/web/src/stores/session-store.ts). */
export const SESSION_KEY = 'auxilio:session';

/** The persisted session of a customer who has just requested `created` (a flat tire). */
export function seededSession(created: CreatedService, extra: Partial<Session> = {}): string {
  return JSON.stringify({
    state: {
      session: {
        ...INITIAL_SESSION,
        brand: created.brand,
        accountId: created.accountId,
        serviceId: created.serviceId,
        serviceNumber: created.serviceNumber,
        token: created.token,
        situation: 'flatTire',
        ...extra,
      },
    },
    version: 1,
  });
}

/**
 * Seeds the session before the app's first script runs, only once per page: a reload must read
 * what the app itself persisted since, not the seed again.
 */
export async function seedSessionOnce(target: Page | BrowserContext, value: string): Promise<void> {
  await target.addInitScript(
    ([key, session]) => {
      if (sessionStorage.getItem('e2e:seeded')) return;
      sessionStorage.setItem('e2e:seeded', '1');
      localStorage.setItem(key, session);
    },
    [SESSION_KEY, value] as const,
  );
}

export interface AcceptedService {
  created: CreatedService;
  driver: DriverSession;
}

/** A service created over HTTP, dispatched to the nearest driver, who accepts it. */
export async function acceptedService(api: JourneyApi): Promise<AcceptedService> {
  const created = await createTestService(api);
  const driver = await api.dispatchNext();
  if (!driver) throw new Error('No driver was dispatched');
  if (driver.serviceId !== created.serviceId)
    throw new Error(`Dispatched ${driver.serviceId}, expected ${created.serviceId}`);
  await driver.accept();
  return { created, driver };
}

/** The tracking title (the screen's only h1). */
export const trackingTitle = (page: Page) => page.locator('main h1').first();

/** The name of the driver the service is assigned to, from the database. */
export async function assignedDriverName(api: JourneyApi, serviceId: string): Promise<string> {
  const driverId = (await api.service(serviceId))?.driverId;
  if (!driverId) throw new Error(`Service ${serviceId} has no driver`);
  const [row] = await api.db.db.select().from(drivers).where(eq(drivers.id, driverId));
  if (!row) throw new Error(`No driver ${driverId}`);
  return row.name;
}
