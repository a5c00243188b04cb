import { deviceTimeZone } from '@auxilio/domain';
import { yieldToMain } from './yield-to-main.ts';

/**
 * Reads the device's time zone in a task of its own while a screen's service is on its way: the
 * browser builds its Temporal object on first read, and where it has none its first date format
 * costs a slow phone about a tenth of a second; either would otherwise fall in the first render of
 * the service's status and clock (decisions 645 and 790).
 */
export function readDeviceZoneAhead(): void {
  void yieldToMain().then(deviceTimeZone);
}
