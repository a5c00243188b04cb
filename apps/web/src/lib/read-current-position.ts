import { LOCATION_GEOLOCATION_OPTIONS } from '@auxilio/domain';

/** A browser position in degrees, with its accuracy radius in metres. */
export interface CurrentPosition {
  lat: number;
  lng: number;
  accuracy: number;
}

/**
 * One position read with the options of SPEC 9 ("Location options: high accuracy, max age
 * 10000 ms; geolocation timeout 10 s"). Rejects when the browser has no geolocation, the customer
 * refuses, or no position comes in time (SPEC 8 treats all of them as "denied").
 */
export function readCurrentPosition(
  geolocation: Geolocation | undefined = readGeolocation(),
): Promise<CurrentPosition> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => {
        resolve({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
        });
      },
      (error) => {
        reject(new Error(error.message || `Geolocation error ${String(error.code)}`));
      },
      { ...LOCATION_GEOLOCATION_OPTIONS },
    );
  });
}

/** The browser's geolocation, or undefined where there is none (old browsers, some webviews). */
function readGeolocation(): Geolocation | undefined {
  return 'geolocation' in navigator ? navigator.geolocation : undefined;
}
