import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { LatLng } from '@auxilio/domain';
import { useTravelHeading } from './use-travel-heading.ts';

const customer = { lat: 18.42, lng: -66.07 };

describe('useTravelHeading (the driver arrow turns with the way the driver goes)', () => {
  it('points to the customer before the first move, then along each move of 10 m or more', () => {
    const start: { driver: LatLng | null } = { driver: { lat: 18.4, lng: -66.07 } };
    const { result, rerender } = renderHook(
      ({ driver }: { driver: LatLng | null }) => useTravelHeading(driver, customer),
      { initialProps: start },
    );
    // Due north of the driver.
    expect(result.current).toBeCloseTo(0, 3);

    // Two metres east: jitter, the arrow stays.
    rerender({ driver: { lat: 18.4, lng: -66.06998 } });
    expect(result.current).toBeCloseTo(0, 3);

    // A kilometre west: the arrow turns west.
    rerender({ driver: { lat: 18.4, lng: -66.08 } });
    expect(result.current).toBeCloseTo(270, 0);

    rerender({ driver: null });
    expect(result.current).toBeUndefined();
  });
});
