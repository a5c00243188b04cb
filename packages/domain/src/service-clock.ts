import { timeZoneOf } from './branches.ts';
import { formatArrivalClock, wallClockAsUtc } from './dates.ts';
import type { Branch } from './enumerations.ts';
import { platformTimeZone } from './wall-clock.ts';

// One time zone per service (decision 645): every time of a service shows in its branch's zone,
// the same on the customer's phone, on a shared link abroad and on a receipt, and names that zone
// when the device's clock would read differently at that moment.

/** A time in the service's zone, and the branch whose zone to name (null: same as the device). */
export interface ServiceClock {
  time: string;
  zoneOf: Branch | null;
}

/**
 * The time zone the device runs in (the browser's resolved zone), read once per page load: where
 * the browser has no Temporal, its first date format costs a slow phone about a tenth of a second.
 */
export function deviceTimeZone(): string {
  deviceZone ??= platformTimeZone();
  return deviceZone;
}
let deviceZone: string | undefined;

/** True when, at that instant, the branch's wall clock reads differently from the device's. */
export function differsFromDeviceClock(instant: Date, branch: Branch, deviceZone: string): boolean {
  return wallClockAsUtc(instant, timeZoneOf(branch)) !== wallClockAsUtc(instant, deviceZone);
}

/** The branch whose zone a time of the service must name: null when the device reads the same. */
export function zoneToName(instant: Date, branch: Branch, deviceZone: string): Branch | null {
  return differsFromDeviceClock(instant, branch, deviceZone) ? branch : null;
}

/** An instant as the service's clock time, labelled with the branch when the device differs. */
export function serviceClock(instant: Date, branch: Branch, deviceZone: string): ServiceClock {
  return {
    time: formatArrivalClock(instant, timeZoneOf(branch)),
    zoneOf: zoneToName(instant, branch, deviceZone),
  };
}
