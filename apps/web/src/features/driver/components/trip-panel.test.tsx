import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import type { DriverTrip } from '@auxilio/domain';
import type { TripStep } from '../utils/trip-steps.ts';
import { tripOf } from '../test-states.ts';
import { tripSteps } from '../utils/trip-steps.ts';
import { TripPanel } from './trip-panel.tsx';

// The trip's steps in order (SPEC 4, forward only): the panel offers only the next one; a tow has
// "towed" between arriving and finishing; finishing asks to confirm; giving back asks too.

const STEP_LABELS: Record<TripStep, string> = {
  ON_ROUTE: 'Voy en camino',
  ARRIVED: 'Llegué',
  TOWED: 'Vehículo remolcado',
  FINISHED: 'Finalizar servicio',
};

async function renderTrip(trip: DriverTrip) {
  const onStep = vi.fn<(step: TripStep) => void>();
  const onGiveBack = vi.fn<(reason: string) => void>();
  const view = await renderFlow(
    <TripPanel
      trip={trip}
      busy={false}
      onStep={onStep}
      onGiveBack={onGiveBack}
      userAgent="iPhone"
    />,
    { path: '/driver' },
  );
  return { ...view, onStep, onGiveBack };
}

describe('trip steps', () => {
  it('a tow goes on route, arrived, towed, finished; other services skip towed', () => {
    expect(tripSteps(true)).toEqual(['ON_ROUTE', 'ARRIVED', 'TOWED', 'FINISHED']);
    expect(tripSteps(false)).toEqual(['ON_ROUTE', 'ARRIVED', 'FINISHED']);
  });

  it.each([
    [true, 'ACCEPTED', 'ON_ROUTE'],
    [true, 'ON_ROUTE', 'ARRIVED'],
    [true, 'ARRIVED', 'TOWED'],
    [false, 'ARRIVED', 'FINISHED'],
  ] as const)(
    'isTow %s, trip %s: only "%s" is offered and reported',
    async (isTow, status, next) => {
      const { user, onStep } = await renderTrip(tripOf({ isTow, tripStatus: status }));
      for (const [step, label] of Object.entries(STEP_LABELS)) {
        const shown = screen.queryByRole('button', { name: label });
        if (step === next) expect(shown).toBeInTheDocument();
        else expect(shown).not.toBeInTheDocument();
      }
      if (next !== 'FINISHED') {
        await user.click(screen.getByRole('button', { name: STEP_LABELS[next] }));
        expect(onStep).toHaveBeenCalledExactlyOnceWith(next);
      }
    },
  );

  it('finishing asks to confirm first', async () => {
    const { user, onStep } = await renderTrip(tripOf({ tripStatus: 'TOWED' }));
    await user.click(screen.getByRole('button', { name: 'Finalizar servicio' }));
    expect(onStep).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: '¿Finalizar el servicio?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, finalizar' }));
    expect(onStep).toHaveBeenCalledExactlyOnceWith('FINISHED');
  });

  it('giving back asks to confirm and sends the reason', async () => {
    const { user, onGiveBack } = await renderTrip(tripOf());
    await user.click(screen.getByRole('button', { name: 'Devolver servicio' }));
    const dialog = screen.getByRole('dialog', { name: '¿Devolver el servicio?' });
    await user.type(within(dialog).getByRole('textbox'), 'Se dañó la grúa');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, devolver' }));
    expect(onGiveBack).toHaveBeenCalledExactlyOnceWith('Se dañó la grúa');
  });

  it('shows the customer, a call link, the note and a hand-off to the customer, then the destination', async () => {
    const { rerender } = await renderTrip(tripOf({ tripStatus: 'ON_ROUTE' }));
    expect(screen.getByRole('link', { name: 'Llamar a Héctor' })).toHaveAttribute(
      'href',
      'tel:+17875550123',
    );
    expect(screen.getByText('Estoy frente a la farmacia')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Navegar' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=18.45%2C-66.07',
    );
    rerender(
      <TripPanel
        trip={tripOf({ tripStatus: 'ARRIVED' })}
        busy={false}
        onStep={vi.fn()}
        onGiveBack={vi.fn()}
        userAgent="iPhone"
      />,
    );
    expect(screen.getByRole('link', { name: 'Navegar al destino' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=18.4%2C-66.1',
    );
  });
});
