import { deviceTimeZone } from '@auxilio/domain';
import { yieldToMain } from './yield-to-main.ts';

/**
 * Reads the device's time zone in a task of its own while a screen's service is on its way: the
 * first date format a phone builds costs it about a tenth of a second, which would otherwise fall
 * in the first render of the service's status and clock (decision 645).
 */
export function readDeviceZoneAhead(): void {
  void yieldToMain().then(deviceTimeZone);
}
