import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceCenter } from '@auxilio/domain';
import type { MapViewProps } from '../../../lib/map/index.ts';
import { testBrand } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import { ServiceCentersScreen } from './service-centers-screen.tsx';

// The map drawing (Leaflet, decision 700) is lib/map's; here a probe lists the markers it is handed.
vi.mock('../../../lib/map/components/lazy-map-view.tsx', () => ({
  LazyMapView: (props: MapViewProps) => (
    <p data-testid="map">markers {props.markers?.map((m) => m.label).join(' | ')}</p>
  ),
  preloadMapView: () => undefined,
}));

const brand = testBrand({ corporate: true, name: 'Honda', branches: ['PR', 'PA'] });
const hours = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '07:30', closes: '17:30' }];
const center = (id: string, branch: 'PR' | 'PA', lat: number, lng: number): ServiceCenter =>
  ({
    id,
    name: `Centro ${id} (demo)`,
    branch,
    address: `Calle ${id} 1`,
    city: 'Ciudad',
    phone: branch === 'PR' ? '+17875550171' : '+5075550171',
    location: { lat, lng },
    hours,
  }) as ServiceCenter;
// The brand's order puts Ponce first; a customer in San Juan is nearer Hato Rey.
const CENTERS = [
  center('ponce', 'PR', 18.018, -66.595),
  center('hato-rey', 'PR', 18.423, -66.061),
  center('obarrio', 'PA', 8.987, -79.523),
];

function stubCenters(status = 200) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      requests.push(input);
      const body = status === 200 ? { centers: CENTERS } : { code: 'INTERNAL', message: 'x' };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}

function stubGeolocation(answer: 'granted' | 'denied') {
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      if (answer === 'granted') {
        ok({ coords: { latitude: 18.4, longitude: -66.06 } } as GeolocationPosition);
      } else {
        fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      }
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Android 14 Mobile');
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Centros de servicio' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('/corporate/centers', () => {
  it("lists the branch's centres from the brand folder, in the brand's order, on the map", async () => {
    const requests = stubCenters();
    await renderAt(<ServiceCentersScreen branch="PR" helpPhone={null} />, '/', brand);
    await screen.findByRole('list', { name: 'Centros de servicio' });
    expect(requests).toEqual(['/brands/demo/centers.json']);
    expect(cardNames()).toEqual(['Centro ponce (demo)', 'Centro hato-rey (demo)']);
    expect(screen.getByTestId('map')).toHaveTextContent('Centro ponce (demo) | Centro hato-rey');
    const card = screen.getByRole('listitem', { name: 'Centro ponce (demo)' });
    expect(card).toHaveTextContent('Calle ponce 1, Ciudad');
    // Written as in Puerto Rico, on one line (lib/phone-format.ts), once the formatter has loaded.
    await waitFor(() => {
      expect(card).toHaveTextContent(/Tel\. \(787\)\s555\u20110171/);
    });
    expect(card).toHaveTextContent('lun–vie 7:30–17:30');
    expect(within(card).getByRole('link', { name: 'Llamar' })).toHaveAttribute(
      'href',
      'tel:+17875550171',
    );
  });

  it('puts the nearest first once the customer shares the location, with distances', async () => {
    stubCenters();
    stubGeolocation('granted');
    const user = userEvent.setup();
    await renderAt(<ServiceCentersScreen branch="PR" helpPhone={null} />, '/', brand);
    await user.click(await screen.findByRole('button', { name: 'Ver los más cercanos a mí' }));
    expect(cardNames()).toEqual(['Centro hato-rey (demo)', 'Centro ponce (demo)']);
    expect(screen.getByText('Ordenados del más cercano al más lejano.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Centro hato-rey (demo)' })).toHaveTextContent(
      '2,6 km',
    );
    expect(screen.getByTestId('map')).toHaveTextContent('Su ubicación');
    // Android: the phone's maps app through a geo: link.
    expect(
      within(screen.getByRole('listitem', { name: 'Centro hato-rey (demo)' })).getByRole('link', {
        name: 'Cómo llegar',
      }),
    ).toHaveAttribute('href', expect.stringMatching(/^geo:18\.423,-66\.061\?q=/));
  });

  it('keeps the list and says why when the location is refused', async () => {
    stubCenters();
    stubGeolocation('denied');
    const user = userEvent.setup();
    await renderAt(<ServiceCentersScreen branch="PR" helpPhone={null} />, '/', brand);
    await user.click(await screen.findByRole('button', { name: 'Ver los más cercanos a mí' }));
    expect(screen.getByText(/Sin permiso de ubicación/)).toBeInTheDocument();
    expect(cardNames()).toEqual(['Centro ponce (demo)', 'Centro hato-rey (demo)']);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    stubCenters(500);
    await renderAt(<ServiceCentersScreen branch="PR" helpPhone={null} />, '/', brand);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los centros');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
