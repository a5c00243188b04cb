import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { VehicleLookupMode } from '@auxilio/domain';
import {
  COVERED,
  currentSession,
  fakeFlowApi,
  flowAccount,
  flowContract,
  flowSession,
  renderFlow,
} from '../../test/flow-test-kit.tsx';
import { testBrand } from '../../test/fixtures.ts';
import { Component as PlateRoute } from './plate.tsx';

const session = flowSession({
  situation: 'flatTire',
  serviceType: { name: 'flatTire', category: 'road' },
});

async function lookUp(value: string, api: Parameters<typeof fakeFlowApi>[0] = {}) {
  const requests = fakeFlowApi(api);
  const view = await renderFlow(<PlateRoute />, { path: '/plate', session });
  await view.user.type(screen.getByRole('textbox', { name: 'Número de tablilla' }), value);
  await view.user.click(screen.getByRole('button', { name: 'Continuar' }));
  return { ...view, requests };
}

describe('/plate (SPEC 5 "Vehicle search term", SPEC 4 "Request flow", SPEC 8)', () => {
  it.each<[VehicleLookupMode, string, string]>([
    ['plate', 'Número de tablilla', 'Ej.: ABC123'],
    ['name', 'Nombre completo', 'Ej.: Ana Rivera Soto'],
    ['memberId', 'Número de socio', 'Ej.: 412345678'],
    ['policyNumber', 'Número de póliza', 'Ej.: PR-AU-1234567'],
  ])('lookup mode %s: the field is "%s"', async (mode, label, placeholder) => {
    fakeFlowApi();
    await renderFlow(<PlateRoute />, {
      path: '/plate',
      session,
      brand: testBrand({ vehicleLookup: mode }),
    });
    expect(screen.getByRole('textbox', { name: label })).toHaveAttribute(
      'placeholder',
      placeholder,
    );
  });

  it('keeps Continue disabled until something is typed', async () => {
    fakeFlowApi();
    const { user } = await renderFlow(<PlateRoute />, { path: '/plate', session });
    const next = screen.getByRole('button', { name: 'Continuar' });
    expect(next).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Número de tablilla' }), '  ');
    expect(next).toBeDisabled();
  });

  it('covered: searches by the normalised plate, checks the limit, stores the contract, then /clients', async () => {
    const { history, requests } = await lookUp('abc-123');
    // Decision 417: the holder comes masked, so the customer types whom to call on /clients.
    await waitFor(() => {
      expect(history.at(-1)).toBe('/clients');
    });
    const search = requests.find((r) => r.url.pathname === '/common/api/v1/dispatch/contracts/');
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toEqual({
      search: 'ABC123',
      account: flowAccount()._id,
      branch: 'PR',
      active: 'true',
    });
    const check = requests.find((r) => r.url.pathname.endsWith('/dispatch/contact/checklimit'));
    expect(check?.body).toMatchObject({
      serviceData: {
        branch: 'PR',
        situation: 'flatTire',
        customerContract: 'contract-0001',
        customerFeeParams: { fees: { managementFee: 1000, situationFee: 5000 } },
      },
      accountSfId: 'sf-demo-pr',
      plate: 'ABC123',
    });
    expect(currentSession()).toMatchObject({
      customerContract: { _id: 'contract-0001', detail: 'masked' },
      surplus: null,
      clientForm: { fullName: '', phone: '', plate: 'ABC123', make: 'Toyota', model: 'Corolla' },
    });
    expect(search?.headers.authorization).toBeUndefined();
  });

  it('a signed-in member sends the session and gets their own contract: the form is filled, then /location', async () => {
    const requests = fakeFlowApi({ contracts: [flowContract()] });
    const member = {
      ...session,
      memberSession: { token: 'member-session-token-123', expiresAt: '2099-01-01T00:00:00.000Z' },
    };
    const view = await renderFlow(<PlateRoute />, { path: '/plate', session: member });
    await view.user.type(screen.getByRole('textbox', { name: 'Número de tablilla' }), 'ABC123');
    await view.user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => {
      expect(view.history.at(-1)).toBe('/location');
    });
    const search = requests.find((r) => r.url.pathname === '/common/api/v1/dispatch/contracts/');
    expect(search?.headers.authorization).toBe('Bearer member-session-token-123');
    expect(currentSession().clientForm).toMatchObject({
      fullName: 'Ana Rivera Soto',
      phone: '+17875550123',
    });
  });

  it('a name brand asks for the plate beside the name and sends both (decision 417)', async () => {
    const requests = fakeFlowApi();
    const { user, history } = await renderFlow(<PlateRoute />, {
      path: '/plate',
      session,
      brand: testBrand({ vehicleLookup: 'name' }),
    });
    const next = screen.getByRole('button', { name: 'Continuar' });
    await user.type(screen.getByRole('textbox', { name: 'Nombre completo' }), 'Ana Rivera Soto');
    expect(next).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Número de tablilla' }), 'abc-123');
    await user.click(next);
    await waitFor(() => {
      expect(history.at(-1)).toBe('/clients');
    });
    const search = requests.find((r) => r.url.pathname === '/common/api/v1/dispatch/contracts/');
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toMatchObject({
      search: 'Ana Rivera Soto',
      fullName: 'Ana Rivera Soto',
      plate: 'abc-123',
    });
  });

  it('surplus: kept in the session for the summary and payment', async () => {
    const surplus = { amount: 2500, coveredAmount: 3500 };
    const { history } = await lookUp('ABC123', { limit: { ...COVERED, surplus } });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/clients');
    });
    expect(currentSession().surplus).toEqual(surplus);
  });

  it('zero contracts: /other-options/vehicleNotFound', async () => {
    const { history } = await lookUp('ZZZ999', { contracts: [] });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/other-options/vehicleNotFound');
    });
    expect(currentSession().customerContract).toBeNull();
  });

  it('plate difference: /other-options/vehicleNotFound', async () => {
    const { history } = await lookUp('XYZ789', {
      limit: { ...COVERED, checkLimit: true, setOnDemand: true, contractPlate: 'ABC123' },
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/other-options/vehicleNotFound');
    });
  });

  it('limit exceeded: /other-options/exceedLimit with the V2 messages kept', async () => {
    const { history } = await lookUp('ABC123', {
      account: flowAccount({ config: { ...flowAccount().config, policyLimitVersion: 'V2' } }),
      limit: {
        ...COVERED,
        checkLimit: true,
        setOnDemand: true,
        messages: ['Ya utilizó todos los servicios de este tipo que cubre su contrato.'],
      },
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/other-options/exceedLimit');
    });
    expect(currentSession().checkLimitErrors).toEqual([
      'Ya utilizó todos los servicios de este tipo que cubre su contrato.',
    ]);
  });

  it("contract-search failure: stays with loading cleared and 'Search Plate Error'", async () => {
    const { history } = await lookUp('ABC123', { contractSearchStatus: 503 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al buscar la tablilla.');
    const next = screen.getByRole('button', { name: 'Continuar' });
    expect(next).toBeEnabled();
    expect(next).not.toHaveAttribute('aria-busy', 'true');
    expect(history.at(-1)).toBe('/plate');
  });

  it("in English the error is SPEC 8's 'Search Plate Error'", async () => {
    fakeFlowApi({ contractSearchStatus: 500 });
    const { user } = await renderFlow(<PlateRoute />, { path: '/plate', session, lng: 'en' });
    await user.type(screen.getByRole('textbox', { name: 'Plate number' }), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Search Plate Error.');
  });

  it('without a chosen service, goes to /services first', async () => {
    fakeFlowApi();
    const { history } = await renderFlow(<PlateRoute />, {
      path: '/plate',
      session: flowSession(),
    });
    expect(history.at(-1)).toBe('/services');
  });
});
