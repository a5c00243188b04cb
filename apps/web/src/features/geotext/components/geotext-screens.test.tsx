import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { renderAt } from '../../../test/render-screen.tsx';
import { GeotextLanding } from './geotext-landing.tsx';
import { GeotextPermission } from './geotext-permission.tsx';

// SPEC 2 /geotext/landing and /geotext/permission/{roomId}; SPEC 8 "Geotext location error: Failed
// response sent to the server; go to /geotext/error/location; a device without geolocation goes to
// the same page". The real API client and hooks run; only fetch and the browser's geolocation are
// stood in for.

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/** The common API at the fetch boundary: the room's status, and the answers recorded. */
function fakeApi(room: { status: number; body: unknown }): Recorded[] {
  const recorded: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      recorded.push({ method, path: `${url.pathname}${url.search}`, body });
      const answer = url.pathname.startsWith('/common/api/v1/geotext-rooms/')
        ? room
        : {
            status: 201,
            body: {
              _id: 'r1',
              roomId: 'room-1',
              success: false,
              createdAt: '2026-11-25T12:00:00Z',
            },
          };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return recorded;
}

/** The landing inside its route, so that it stops rendering once it has moved on. */
const landing = (
  <Route path="/geotext/landing">
    <GeotextLanding />
  </Route>
);

const OPEN = { status: 200, body: { roomId: 'room-1', status: 'open' } };

describe('/geotext/landing', () => {
  it('checks the room with the phone and goes on to the permission screen', async () => {
    const requests = fakeApi(OPEN);
    const { location } = await renderAt(
      landing,
      '/geotext/landing?roomId=room-1&phoneNumber=17875550100',
    );
    expect(screen.getByRole('heading', { name: 'Confirme su ubicación' })).toBeInTheDocument();
    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/geotext/permission/room-1?phoneNumber=17875550100');
    });
    expect(requests[0]?.path).toBe('/common/api/v1/geotext-rooms/room-1?phoneNumber=17875550100');
  });

  it.each([
    ['an answered room', { status: 200, body: { roomId: 'room-1', status: 'answered' } }],
    ['an expired room', { status: 200, body: { roomId: 'room-1', status: 'expired' } }],
    [
      'an unknown room',
      { status: 404, body: { code: 'NOT_FOUND', message: 'No room', field: 'params.roomId' } },
    ],
  ])('sends %s to /geotext/error/roomid', async (_case, room) => {
    fakeApi(room);
    const { location } = await renderAt(
      landing,
      '/geotext/landing?roomId=room-1&phoneNumber=17875550100',
    );
    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/geotext/error/roomid');
    });
  });

  it('sends a link without a room to /geotext/error/roomid without asking the API', async () => {
    const requests = fakeApi(OPEN);
    const { location } = await renderAt(landing, '/geotext/landing?phoneNumber=1787');
    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/geotext/error/roomid');
    });
    expect(requests).toEqual([]);
  });
});

describe('/geotext/permission/{roomId}', () => {
  async function allowOn(geolocation: Partial<Geolocation> | undefined) {
    const requests = fakeApi(OPEN);
    if (geolocation) {
      Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    }
    const view = await renderAt(
      <Route path="/geotext/permission/:roomId">
        <GeotextPermission />
      </Route>,
      '/geotext/permission/room-1?phoneNumber=17875550100',
    );
    expect(
      screen.getByRole('heading', { name: 'Permita el acceso a su ubicación' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Compartir mi ubicación' }));
    return { ...view, requests };
  }

  const failedAnswer = {
    lat: null,
    lng: null,
    address: '',
    roomId: 'room-1',
    phoneNumber: '17875550100',
    success: false,
  };

  it.each([
    [
      'a refusal',
      {
        getCurrentPosition: (_ok: PositionCallback, failure?: PositionErrorCallback | null) => {
          failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
        },
      },
    ],
    ['a device without geolocation', undefined],
  ])('SPEC 8: %s sends the failed answer and shows the location error', async (_case, geo) => {
    const { location, requests } = await allowOn(geo);
    await waitFor(() => {
      expect(location.history.at(-1)).toBe(
        '/geotext/error/location?roomId=room-1&phoneNumber=17875550100',
      );
    });
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/common/api/v1/geotext-responses',
      body: failedAnswer,
    });
  });

  it('a position opens the map on it, without answering yet', async () => {
    const { location, requests } = await allowOn({
      getCurrentPosition: (ok: PositionCallback) => {
        ok({
          coords: { latitude: 18.4655, longitude: -66.1057, accuracy: 9 },
        } as GeolocationPosition);
      },
    });
    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/geotext/map/room-1?phoneNumber=17875550100');
    });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
