import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  currentSession,
  fakeFlowApi,
  flowAccount,
  flowSession,
  renderFlow,
} from '../../test/flow-test-kit.tsx';
import { Component as ServicesRoute } from './services.tsx';

const continueButton = () => screen.getByRole('button', { name: 'Continuar' });

describe('/services (SPEC 2 tiles, SPEC 4 "Continue on the road track")', () => {
  it('keeps Continue disabled until a situation is chosen', async () => {
    fakeFlowApi();
    const { user } = await renderFlow(<ServicesRoute />, { path: '/services' });
    const locksmith = await screen.findByRole('radio', { name: 'Cerrajería' });
    expect(continueButton()).toBeDisabled();
    await user.click(locksmith);
    expect(locksmith).toBeChecked();
    expect(continueButton()).toBeEnabled();
    expect(currentSession().situation).toBe('locksmith');
  });

  it('adds extra road services only when the account lists them; the tow family is one tile', async () => {
    fakeFlowApi({ account: flowAccount({ pwaRoadServicesAllowed: ['glass_replacement'] }) });
    await renderFlow(<ServicesRoute />, { path: '/services' });
    expect(await screen.findByRole('radio', { name: 'Cambio de cristal' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: 'Grúa' })).toHaveLength(1);
    expect(screen.queryByRole('radio', { name: 'Taxi al aeropuerto' })).not.toBeInTheDocument();
  });

  it('a visitor account without extras sees only the base road tiles', async () => {
    fakeFlowApi({ account: flowAccount({ pwaRoadServicesAllowed: [] }) });
    await renderFlow(<ServicesRoute />, { path: '/services' });
    await screen.findByRole('radio', { name: 'Cerrajería' });
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(names.sort()).toEqual(
      ['ambulance', 'flatTire', 'fuelDelivery', 'jumpStart', 'locksmith', 'towBreakdown'].sort(),
    );
  });

  it('tow goes to /services/tow', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(<ServicesRoute />, { path: '/services' });
    await user.click(await screen.findByRole('radio', { name: 'Grúa' }));
    await user.click(continueButton());
    expect(history.at(-1)).toBe('/services/tow');
  });

  it.each([
    ['Ambulancia', 'ambulance'],
    ['Asistencia en viajes', 'asistencia_viajes_nacionales'],
  ])('%s opens a call drawer with the account coordination phone', async (label) => {
    fakeFlowApi({
      account: flowAccount({ pwaRoadServicesAllowed: ['asistencia_viajes_nacionales'] }),
    });
    const { user, history } = await renderFlow(<ServicesRoute />, { path: '/services' });
    await user.click(await screen.findByRole('radio', { name: label }));
    await user.click(continueButton());
    const drawer = screen.getByRole('dialog', { name: `${label}: llámenos` });
    // Dialled in E.164, written as in Puerto Rico (lib/phone-format.ts) once the formatter loaded.
    expect(
      await within(drawer).findByRole('link', { name: /^Llamar al \(787\)\s555\u20110199$/ }),
    ).toHaveAttribute('href', 'tel:+17875550199');
    expect(history.at(-1)).toBe('/services');
  });

  it('without a known customer, Continue goes to /plate', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(<ServicesRoute />, { path: '/services' });
    await user.click(await screen.findByRole('radio', { name: 'Cerrajería' }));
    await user.click(continueButton());
    expect(history.at(-1)).toBe('/plate');
  });

  const known = flowSession({
    userExternalParams: {
      ...flowSession().userExternalParams,
      fullName: 'Ana Rivera',
      plate: 'abc-123',
      identifier: 'abc-123',
    },
  });

  it('a known name and identifier run the contract search and limit check, then /clients for a phone', async () => {
    const requests = fakeFlowApi();
    const { user, history } = await renderFlow(<ServicesRoute />, {
      path: '/services',
      session: known,
    });
    await user.click(await screen.findByRole('radio', { name: 'Cerrajería' }));
    await user.click(continueButton());
    // Decision 417: the public answer masks the holder, so the customer gives a phone to call.
    await waitFor(() => {
      expect(history.at(-1)).toBe('/clients');
    });
    const search = requests.find((r) => r.url.pathname.endsWith('/dispatch/contracts/'));
    expect(search?.url.searchParams.get('search')).toBe('ABC123');
    expect(currentSession().customerContract?._id).toBe('contract-0001');
  });

  it('a failed contract search keeps the customer here with loading cleared', async () => {
    fakeFlowApi({ contractSearchStatus: 500 });
    const { user, history } = await renderFlow(<ServicesRoute />, {
      path: '/services',
      session: known,
    });
    await user.click(await screen.findByRole('radio', { name: 'Cerrajería' }));
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al buscar la tablilla.');
    expect(continueButton()).toBeEnabled();
    expect(history.at(-1)).toBe('/services');
  });

  it('the dispatch guard sends a session without brand or account home', async () => {
    fakeFlowApi();
    const { history } = await renderFlow(<ServicesRoute />, {
      path: '/services',
      session: flowSession({ brand: null, accountId: null }),
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/');
    });
  });

  it('home track: category tiles allowed for the account, the Other tile opens its help text', async () => {
    fakeFlowApi({
      account: flowAccount({
        pwaHomeServicesAllowed: ['Plumbing', 'Electricity'],
        config: { ...flowAccount().config, otherTileHelpText: 'Llámenos para otros servicios.' },
      }),
    });
    const { user, history } = await renderFlow(<ServicesRoute />, {
      path: '/services',
      session: flowSession({ currentTrack: 'home' }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Plomería' }));
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(currentSession().category).toBe('Plumbing');
    await user.click(screen.getByRole('button', { name: 'Otro' }));
    expect(screen.getByRole('dialog', { name: 'Otro servicio' })).toHaveTextContent(
      'Llámenos para otros servicios.',
    );
    await user.keyboard('{Escape}');
    await user.click(continueButton());
    expect(history.at(-1)).toBe('/services/home');
  });
});
