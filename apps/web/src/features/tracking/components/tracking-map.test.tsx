import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import type { LatLng } from '@auxilio/domain';
import type { MapViewProps } from '../../../lib/map/index.ts';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { TrackingMap } from './tracking-map.tsx';

// The map drawing itself (Leaflet, decision 700) is lib/map's; here it is a probe that shows what
// the tracking screen hands it.
vi.mock('../../../lib/map/components/lazy-map-view.tsx', () => ({
  LazyMapView: (props: MapViewProps) => (
    <p>
      zoom {props.zoom}; markers {props.markers?.map((m) => m.kind).join(',')}; route from{' '}
      {props.route?.path[0]?.lat ?? 'none'}; in sight{' '}
      {props.fitTo?.map((p) => `${String(p.lat)},${String(p.lng)}`).join(' ') ?? 'none'}
    </p>
  ),
  preloadMapView: () => undefined,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const situation = { lat: 18.4, lng: -66.1 };

/** GET /common/maps/directions answers a straight line; the origins asked are recorded. */
function stubDirections() {
  const origins: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      const origin = url.searchParams.get('origin') ?? '';
      origins.push(origin);
      const [lat, lng] = origin.split(',').map(Number);
      const body = {
        data: {
          path: [{ lat, lng }, situation],
          distanceMeters: 5000,
          durationSeconds: 600,
          approximate: true,
        },
      };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return origins;
}

/** Moves the driver from the test, inside the app's providers. */
const move: { to: (point: LatLng) => void } = { to: () => undefined };

function MovingDriver({ start }: { start: LatLng }) {
  const [driver, setDriver] = useState(start);
  useEffect(() => {
    move.to = setDriver;
  }, []);
  return <TrackingMap situation={situation} destination={null} reached={false} driver={driver} />;
}

describe('tracking map (SPEC 9 zoom 12, SPEC 5 route deviation 200 m)', () => {
  it('asks the route again only when the driver is more than 200 m from it', async () => {
    const origins = stubDirections();
    renderWithProviders(<MovingDriver start={{ lat: 18.45, lng: -66.1 }} />, {
      config: testConfig(),
      i18n: await createTestI18n('es'),
    });
    // The view keeps the customer and the driver in sight (decision 700).
    expect(
      await screen.findByText(
        'zoom 12; markers situation,driver; route from 18.45; in sight 18.45,-66.1 18.4,-66.1',
      ),
    ).toBeInTheDocument();
    expect(origins).toHaveLength(1);

    // Along the line towards the situation: still on the route.
    act(() => {
      move.to({ lat: 18.43, lng: -66.1 });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(origins).toHaveLength(1);

    // About 1 km east of the line: a new route from where the driver is.
    act(() => {
      move.to({ lat: 18.43, lng: -66.09 });
    });
    await waitFor(() => {
      expect(origins).toHaveLength(2);
    });
    expect(origins[1]).toContain('18.43');
  });
});
