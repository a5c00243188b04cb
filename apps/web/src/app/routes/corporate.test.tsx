import { Route, Switch } from 'wouter';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeFlowApi, renderFlow } from '../../test/flow-test-kit.tsx';
import { testBrand } from '../../test/fixtures.ts';
import { Component as CorporateCentersRoute } from './corporate-centers.tsx';
import { Component as CorporateHomeRoute } from './corporate-home.tsx';
import { Component as CorporateServicesRoute } from './corporate-services.tsx';
import { Component as HomeRoute } from './home.tsx';
import { ShellContextValue } from './shell-context.ts';

// SPEC 2 "/corporate/home ... Only for corporate brands ...; others are redirected", SPEC 6
// "Corporate: honda, acura, mazda (by host) go to /corporate/home".

const corporate = testBrand({ slug: 'honda-demo', name: 'Honda', corporate: true });
const other = testBrand();

function App() {
  return (
    <ShellContextValue value={{ openHelp: () => undefined, branch: 'PR' }}>
      <Switch>
        <Route path="/corporate/home" component={CorporateHomeRoute} />
        <Route path="/corporate/centers" component={CorporateCentersRoute} />
        <Route path="/corporate/services" component={CorporateServicesRoute} />
        <Route path="/" component={HomeRoute} />
      </Switch>
    </ShellContextValue>
  );
}

describe('corporate routes', () => {
  it('sends a corporate brand from / to /corporate/home, replacing the entry', async () => {
    fakeFlowApi();
    const { history } = await renderFlow(<App />, { path: '/', brand: corporate });
    await screen.findByRole('heading', { level: 1, name: 'Asistencia Honda' });
    expect(history.at(-1)).toBe('/corporate/home');
    expect(history).not.toContain('/');
  });

  it('keeps every other brand on the home screen', async () => {
    fakeFlowApi();
    const { history } = await renderFlow(<App />, { path: '/', brand: other });
    await screen.findByRole('link', { name: 'Solicitar asistencia' });
    expect(history).toEqual(['/']);
  });

  it.each(['/corporate/home', '/corporate/centers', '/corporate/services'])(
    'redirects a non-corporate brand from %s to /',
    async (path) => {
      fakeFlowApi();
      const { history } = await renderFlow(<App />, { path, brand: other });
      await waitFor(() => {
        expect(history.at(-1)).toBe('/');
      });
      expect(screen.queryByRole('heading', { name: 'Asistencia Demo Asistencia' })).toBeNull();
    },
  );

  it('shows the corporate home: logo, title and the four tiles of SPEC 2', async () => {
    fakeFlowApi();
    await renderFlow(<App />, { path: '/corporate/home', brand: corporate });
    expect(screen.getByRole('img', { name: 'Honda' })).toHaveAttribute(
      'src',
      '/brands/honda-demo/logo.svg',
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Solicitar asistenciaGrúa, batería, gomas y más', '/services'],
      ['Mis serviciosSu plan y sus solicitudes', '/corporate/services'],
      ['Centros de servicioTalleres autorizados cerca de usted', '/corporate/centers'],
      ['ContactoLlámenos o escríbanos', '/help'],
    ]);
  });
});
