// The truck never hides the customer's pin (issue "Status first on /tracking"): the pin is drawn
// above, and when the two would overlap on the screen the truck is drawn beside the pin. Pure, in
// screen pixels; leaflet/feature-marker.ts applies it.

export interface ScreenPoint {
  x: number;
  y: number;
}

/** The pin's box around its tip (the position it marks): 28 x 36 pixels above the point. */
export const PIN_SIZE = { width: 28, height: 36 } as const;
/** The truck's disc, centred on the driver's position. */
export const DRIVER_SIZE = 32;
/** Free pixels kept between the two. */
const GAP_PX = 2;

/**
 * How far to shift the truck's drawing so that it does not cover the pin: none when they are apart,
 * else sideways, to the side the truck already is on (right when exactly on top).
 */
export function truckOffset(driver: ScreenPoint, pin: ScreenPoint): ScreenPoint {
  const half = DRIVER_SIZE / 2;
  const pinLeft = pin.x - PIN_SIZE.width / 2 - GAP_PX;
  const pinRight = pin.x + PIN_SIZE.width / 2 + GAP_PX;
  const pinTop = pin.y - PIN_SIZE.height - GAP_PX;
  const pinBottom = pin.y + GAP_PX;
  const apart =
    driver.x + half <= pinLeft ||
    driver.x - half >= pinRight ||
    driver.y + half <= pinTop ||
    driver.y - half >= pinBottom;
  if (apart) return { x: 0, y: 0 };
  return driver.x >= pin.x
    ? { x: pinRight - (driver.x - half), y: 0 }
    : { x: pinLeft - (driver.x + half), y: 0 };
}
