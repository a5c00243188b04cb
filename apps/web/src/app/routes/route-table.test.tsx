import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, screen } from '@testing-library/react';
import { matchRoute, Router, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { renderHook } from '@testing-library/react';
import { ROUTE_TABLE, routeOfPath } from './route-table.tsx';
import { RootLayout } from './root-layout.tsx';
import { loadScreen } from './screen-code.ts';
import { createTestI18n } from '../../test/test-i18n.ts';
import { testConfig } from '../../test/fixtures.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { INITIAL_SESSION } from '@auxilio/domain';
import { renderWithProviders } from '../../test/render.tsx';

// jsdom draws no canvas: the lazily loaded map view (Leaflet) is left out.
vi.mock('../../lib/map/components/map-view.tsx', () => ({ default: () => null }));

const { parser } = renderHook(() => useRouter()).result.current;

/**
 * SPEC 2 "Route table (first match wins)": what wouter's <Switch> in router.tsx does, the first
 * entry whose pattern matches the whole path (`*` is the fallback).
 */
function firstMatch(pathname: string): string | undefined {
  return ROUTE_TABLE.find(
    (route) => route.path === '*' || matchRoute(parser, route.path, pathname)[0],
  )?.path;
}

describe('the screen a page opens on (main.tsx loads its code and texts early)', () => {
  it("is the router's first match for every path of the table", () => {
    for (const route of ROUTE_TABLE) {
      const url = sampleUrl(route.path);
      expect(routeOfPath(url)?.path, url).toBe(firstMatch(url));
    }
    expect(routeOfPath('/services')?.namespaces).toEqual(['services']);
    expect(routeOfPath('/tracking')?.namespaces).toEqual(['tracking']);
  });
});

/** A concrete URL for a pattern: params filled in. */
function sampleUrl(pattern: string): string {
  if (pattern === '*') return '/x/y/z';
  return pattern.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);
}

describe('route table (SPEC 2)', () => {
  it('lists the SPEC 2 routes in the spec order, then not-found', () => {
    expect(ROUTE_TABLE.map((route) => route.path)).toEqual([
      '/corporate/home',
      '/corporate/centers',
      '/corporate/services',
      '/tips',
      '/plate',
      '/other-options/:option',
      '/options',
      '/get-service/:id',
      '/mmm-openid/login-legacy',
      '/mmm-openid/login',
      '/mmm-openid/callback',
      '/comments',
      '/clients',
      '/services/tow/questions',
      '/services/tow',
      '/services/home',
      '/services',
      '/location/situation',
      '/location/destination',
      '/location/reference',
      '/location/summary',
      '/location',
      '/payment',
      '/cancelled',
      '/finished',
      '/service-details',
      '/service-summary',
      '/tracking/loading',
      '/tracking/permission',
      '/tracking/coninspection',
      '/tracking',
      '/survey',
      '/feedback',
      '/social',
      '/help',
      '/geotext/landing',
      '/geotext/permission/:roomId',
      '/geotext/map/:roomId',
      '/geotext/error/location',
      '/geotext/error/roomid',
      '/geotext/confirmation',
      '/sign-in',
      '/sign-in/callback',
      '/driver/callback',
      '/driver',
      '/dispatcher/callback',
      '/dispatcher',
      '/entry',
      '/:serviceId',
      '/',
      '*',
    ]);
  });

  it.each(ROUTE_TABLE.map((route) => [sampleUrl(route.path), route.path]))(
    'first match wins: %s is served by %s',
    (url, expected) => {
      expect(firstMatch(url)).toBe(expected);
    },
  );

  it.each([
    [
      '/services/tow/questions',
      '/services/tow/questions',
      'listed before /services/tow and /services',
    ],
    ['/services/tow', '/services/tow', 'listed before /services'],
    ['/tracking/loading', '/tracking/loading', 'listed before /tracking'],
    ['/location/summary', '/location/summary', 'listed before /location'],
    ['/options', '/options', 'a static route is listed before /:serviceId'],
    ['/help', '/help', 'a static route is listed before /:serviceId'],
    ['/entry', '/entry', 'the entry route is listed before /:serviceId'],
    ['/sign-in', '/sign-in', 'the sign-in start is listed before /:serviceId'],
    ['/driver', '/driver', 'the driver app is listed before /:serviceId'],
    ['/dispatcher', '/dispatcher', "the dispatcher's console is listed before /:serviceId"],
    ['/9f2c1e7a4b', '/:serviceId', '"/{serviceId}: Landing for shared links"'],
    ['/', '/', '"/ Home"'],
    ['/services/unknown', '*', 'an unknown deeper path is not found'],
    ['/geotext/map', '*', 'a map without room id is not found'],
  ] as const)('%s -> %s (%s)', (url, expected, _why) => {
    expect(firstMatch(url)).toBe(expected);
  });

  it('/:serviceId comes after every static single-segment route', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    const dynamicIndex = paths.indexOf('/:serviceId');
    const staticSingle = paths.filter((path) => /^\/[a-z-]+$/.test(path));
    for (const path of staticSingle) expect(paths.indexOf(path)).toBeLessThan(dynamicIndex);
  });
});

describe('route screens', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
  });

  async function renderAt(url: string) {
    const [path = '/', search = ''] = url.split('?');
    const location = memoryLocation({ path, searchPath: search });
    renderWithProviders(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RootLayout />
      </Router>,
      {
        config: testConfig(),
        i18n: await createTestI18n('es'),
      },
    );
  }

  it('/location/situation is the point-on-map screen for the service address (decision 643)', async () => {
    useSessionStore.setState({
      session: { ...INITIAL_SESSION, brand: 'connect', accountId: 'c9c3881679b7a328820d09cb' },
    });
    await renderAt('/location/situation');
    expect(
      await screen.findByRole('heading', { name: 'Mueva el mapa hasta su ubicación' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeEnabled();
  });

  it('/location/destination without a brand or account goes home (dispatch guard)', async () => {
    useSessionStore.setState({ session: INITIAL_SESSION });
    await renderAt('/location/destination');
    expect(await screen.findByRole('heading', { name: '¡Hola!' })).toBeInTheDocument();
  });

  it('comments without a service to comment on go home (decision 613)', async () => {
    await renderAt('/comments');
    expect(await screen.findByRole('heading', { name: '¡Hola!' })).toBeInTheDocument();
  });

  it("draws a screen whose code has arrived in the first render, never a loading line (main.tsx's first screen)", async () => {
    // A screen no other test here has drawn, so nothing of it is resolved yet but its code.
    const help = routeOfPath('/help');
    if (!help) throw new Error('no route for /help');
    await loadScreen(help);
    await renderAt('/help');
    // No await: the first commit itself holds the screen.
    expect(screen.getByRole('heading', { name: 'Ayuda' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });

  it('home greets and offers to request assistance (a link to /services)', async () => {
    await renderAt('/');
    expect(await screen.findByRole('heading', { name: '¡Hola!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar asistencia' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it('going offline keeps the screen under the offline banner (decision 730, SPEC 8 "Offline")', async () => {
    await renderAt('/');
    await screen.findByRole('heading', { name: '¡Hola!' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión');
    expect(screen.getByRole('heading', { name: '¡Hola!' })).toBeVisible();
    expect(
      screen.queryByRole('heading', { name: /No tiene conexión a internet/ }),
    ).not.toBeInTheDocument();
    vi.restoreAllMocks();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¡Hola!' })).toBeVisible();
  });

  it("the dispatcher's console draws its own frame: no customer header nor Help", async () => {
    expect(routeOfPath('/dispatcher')?.frame).toBe('own');
    expect(routeOfPath('/dispatcher/callback')?.frame).toBe('own');
    await renderAt('/dispatcher');
    expect(await screen.findByRole('heading', { name: 'Consola de despacho' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ayuda' })).not.toBeInTheDocument();
  });

  it('a customer screen keeps the customer header with its Help button', async () => {
    await renderAt('/');
    await screen.findByRole('heading', { name: '¡Hola!' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ayuda' })).toBeInTheDocument();
  });

  it('an unknown path shows the not-found screen', async () => {
    await renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'No encontramos esta página' }),
    ).toBeInTheDocument();
  });

  it('/options links home with the member and visitor accounts of the branch', async () => {
    await renderAt('/options');
    const member = await screen.findByRole('link', { name: 'Soy miembro' });
    const visitor = screen.getByRole('link', { name: 'Soy visitante' });
    expect(member.getAttribute('href')).toBe('/?account=a1b2c3d4e5f6a1b2c3d4e5f6&brand=demo');
    expect(visitor.getAttribute('href')).toBe('/?account=f6e5d4c3b2a1f6e5d4c3b2a1&brand=demo');
    expect(screen.getByText(/Puerto Rico/)).toBeInTheDocument();
  });

  it('/options says so when the brand has no accounts in the branch', async () => {
    await renderAt('/options?branch=pa');
    await screen.findByText(/no tiene cuentas en este país/);
    expect(screen.queryByRole('link', { name: 'Soy miembro' })).toBeNull();
    expect(screen.getByText(/Panamá/)).toBeInTheDocument();
  });
});
