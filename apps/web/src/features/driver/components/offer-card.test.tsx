import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { DRIVER_SESSION_KEY } from '../utils/driver-token-store.ts';
import { offerState, SERVER_NOW } from '../test-states.ts';
import { DriverHomeScreen } from './driver-home-screen.tsx';
import { OfferCard } from './offer-card.tsx';

// An offer on the driver's phone (docs/decisions/761): the countdown by the server's clock, and the
// Accept / Reject buttons calling the offer's endpoints.

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('offer countdown', () => {
  it('counts the seconds to expiresAt by the server clock, however wrong the phone clock is', async () => {
    const offer = offerState().offer;
    if (!offer) throw new Error('no offer');
    // The phone's clock is 2 minutes behind the server's.
    const phoneNow = Date.parse(SERVER_NOW) - 120_000;
    const onAccept = vi.fn();
    const offerCard = () => (
      <OfferCard
        offer={offer}
        offsetMs={120_000}
        busy={false}
        onAccept={onAccept}
        onReject={vi.fn()}
      />
    );
    const view = await renderFlow(offerCard(), { path: '/driver' });
    vi.useFakeTimers({ now: phoneNow });
    view.rerender(offerCard());
    expect(screen.getByRole('timer')).toHaveTextContent('Responda en 30 s');
    expect(screen.getByRole('heading', { name: 'cambio de goma' })).toBeInTheDocument();
    expect(screen.getByText('A 3,2 km · llega en 9 min')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Responda en 20 s');
    act(() => {
      vi.advanceTimersByTime(21_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('La oferta expiró');
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeDisabled();
  });
});

interface Call {
  method: string;
  path: string;
  query: string;
}

/** The API: GET /me answers `state` at once, a long poll waits until aborted; actions answer. */
function fakeDriverApi(initial = offerState()) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const path = parsed.pathname.replace('/common/api/v1/driver-app', '');
      calls.push({ method: init?.method ?? 'GET', path, query: parsed.search });
      const answer = (body: unknown) =>
        Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      if (path === '/me' && parsed.searchParams.has('wait')) {
        return new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }
      if (path === '/me') return answer(initial);
      return answer({ ...initial, version: `v-${calls.length}`, offer: null });
    }),
  );
  return calls;
}

function signedIn() {
  localStorage.setItem(
    DRIVER_SESSION_KEY,
    JSON.stringify({
      token: 'driver-token',
      driver: { id: 'driver-1', name: 'Ana Rivera', vehicleType: 'tow_truck', branch: 'PR' },
    }),
  );
}

/** A signed-in driver presses `button` on the offer; resolves once `request` has been sent. */
async function answerOffer(button: string, request: string): Promise<Call[]> {
  signedIn();
  const calls = fakeDriverApi();
  const { user } = await renderFlow(<DriverHomeScreen />, { path: '/driver' });
  await user.click(await screen.findByRole('button', { name: button }));
  await vi.waitFor(() => {
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(request);
  });
  return calls;
}

describe('answering an offer', () => {
  it('Accept posts to the offer’s accept endpoint with the driver token', async () => {
    const calls = await answerOffer('Aceptar', 'POST /offers/offer-1/accept');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/me', query: '' });
    expect(calls[1]).toMatchObject({
      method: 'GET',
      path: '/me',
      query: '?wait=25&version=v-offer',
    });
    const accept = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => typeof url === 'string' && url.includes('/accept'));
    expect(new Headers(accept?.[1]?.headers).get('authorization')).toBe('Bearer driver-token');
    // The answer's state replaces the offer at once.
    expect(await screen.findByText('Esperando ofertas…')).toBeInTheDocument();
  });

  it('Reject posts to the offer’s reject endpoint', async () => {
    const calls = await answerOffer('Rechazar', 'POST /offers/offer-1/reject');
    expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(false);
  });

  it('without a driver session the sign-in is shown and nothing is polled', async () => {
    const calls = fakeDriverApi();
    await renderFlow(<DriverHomeScreen />, { path: '/driver' });
    expect(screen.getByRole('button', { name: 'Entrar como conductor' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
