import { describe, expect, it } from 'vitest';
import { DRIVER_SIZE, PIN_SIZE, truckOffset } from './marker-overlap.ts';

describe('truckOffset (the truck never hides the customer pin)', () => {
  const pin = { x: 180, y: 200 };

  it('leaves the truck where it is when the two are apart', () => {
    expect(truckOffset({ x: 260, y: 200 }, pin)).toEqual({ x: 0, y: 0 });
    expect(truckOffset({ x: 180, y: 120 }, pin)).toEqual({ x: 0, y: 0 });
  });

  it('draws the truck beside the pin when it arrives on top of it', () => {
    const offset = truckOffset({ x: 180, y: 200 }, pin);
    expect(offset.y).toBe(0);
    // Its left edge clears the pin's right edge.
    expect(180 + offset.x - DRIVER_SIZE / 2).toBeGreaterThanOrEqual(pin.x + PIN_SIZE.width / 2);
  });

  it('moves the truck out on the side it already is on', () => {
    const fromLeft = truckOffset({ x: 170, y: 190 }, pin);
    expect(fromLeft.x).toBeLessThan(0);
    expect(170 + fromLeft.x + DRIVER_SIZE / 2).toBeLessThanOrEqual(pin.x - PIN_SIZE.width / 2);
    expect(truckOffset({ x: 190, y: 190 }, pin).x).toBeGreaterThan(0);
  });
});
