import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'wouter';
import { OtherOptionsScreen } from '../../features/other-options/components/other-options-screen.tsx';
import { otherOptionOf } from '../../features/other-options/utils/other-option.ts';
import {
  ACCOUNT_ID,
  currentSession,
  fakeFlowApi,
  flowAccount,
  flowContract,
  flowSession,
  renderFlow,
} from '../../test/flow-test-kit.tsx';
import { Component as OtherOptionsRoute } from './other-options.tsx';

const VISITOR_ID = 'f6e5d4c3b2a1f6e5d4c3b2a1';

describe('/other-options/:option (SPEC 8, decision 274)', () => {
  it('vehicleNotFound: call the centre, try other details, or continue as a visitor', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(
      <Route path="/other-options/:option">
        <OtherOptionsRoute />
      </Route>,
      { path: '/other-options/vehicleNotFound' },
    );
    expect(screen.getByRole('heading', { name: 'No encontramos su vehículo' })).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Llamar al centro de asistencia' }),
    ).toHaveAttribute('href', 'tel:+17875550100');
    await user.click(screen.getByRole('link', { name: 'Intentar con otros datos' }));
    expect(history.at(-1)).toBe('/plate');
  });

  it('exceedLimit shows the kept limit messages and offers another service', async () => {
    fakeFlowApi();
    await renderFlow(
      <Route path="/other-options/:option">
        <OtherOptionsRoute />
      </Route>,
      {
        path: '/other-options/exceedLimit',
        session: flowSession({ checkLimitErrors: ['El contrato no cubre este servicio.'] }),
      },
    );
    expect(screen.getByRole('heading', { name: 'Su cobertura llegó a su límite' })).toBeVisible();
    expect(screen.getByText('El contrato no cubre este servicio.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Elegir otro servicio' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it('continuing as a visitor applies the check-limit reset and opens the Visitor account', async () => {
    fakeFlowApi();
    const openAccount = vi.fn();
    const { user } = await renderFlow(
      <OtherOptionsScreen
        option="exceedLimit"
        account={flowAccount()}
        phone={null}
        openAccount={openAccount}
      />,
      {
        path: '/other-options/exceedLimit',
        session: flowSession({
          situation: 'flatTire',
          customerContract: flowContract(),
          passengers: 2,
        }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Continuar como visitante (con costo)' }));
    await waitFor(() => {
      expect(openAccount).toHaveBeenCalledWith(
        `/clients?account=${VISITOR_ID}&brand=demo&isFromCheckLimit=true`,
      );
    });
    expect(currentSession()).toMatchObject({
      situation: 'flatTire',
      passengers: 0,
      previousAccount: { id: ACCOUNT_ID, brand: 'demo' },
    });
  });

  it('names only the two options of SPEC 2', () => {
    expect(otherOptionOf('vehicleNotFound')).toBe('vehicleNotFound');
    expect(otherOptionOf('exceedLimit')).toBe('exceedLimit');
    expect(otherOptionOf('other')).toBeNull();
  });
});
