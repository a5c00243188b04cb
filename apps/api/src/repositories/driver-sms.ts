import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, drivers, services } from '../db/schema.ts';

/** What the driver SMS needs to know about a service. */
export interface SmsTarget {
  serviceId: string;
  branch: string;
  /** Phone of the assigned driver; null while no driver is assigned. */
  driverPhone: string | null;
  /** Sender name of the account (SPEC 3 Account "smsName"). */
  smsName: string;
}

export interface DriverSmsRepository {
  /** The service with that receipt number, with its driver's phone; undefined when none. */
  findByServiceNumber(serviceNumber: number): Promise<SmsTarget | undefined>;
}

export function createDriverSmsRepository(db: Db): DriverSmsRepository {
  return {
    findByServiceNumber: async (serviceNumber) => {
      const [row] = await db
        .select({
          serviceId: services.id,
          branch: services.branch,
          driverPhone: drivers.phone,
          smsName: accounts.smsName,
        })
        .from(services)
        .innerJoin(accounts, eq(accounts.id, services.accountId))
        .leftJoin(drivers, eq(drivers.id, services.driverId))
        .where(eq(services.serviceNumber, serviceNumber))
        .limit(1);
      return row;
    },
  };
}
