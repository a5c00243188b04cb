import { describe, expect, it } from 'vitest';
import { MAX_TOW_PASSENGERS } from '@auxilio/domain';
import { screen, waitFor } from '@testing-library/react';
import { currentSession, fakeFlowApi, flowSession, renderFlow } from '../../test/flow-test-kit.tsx';
import { testBrand } from '../../test/fixtures.ts';
import { Component as TowRoute } from './services-tow.tsx';
import { Component as TowQuestionsRoute } from './services-tow-questions.tsx';

describe('/services/tow (SPEC 5 "Passenger count accepted only if 0 or more")', () => {
  it('counts passengers one per tap and never below 0, then goes to the questions', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(<TowRoute />, {
      path: '/services/tow',
      session: flowSession({ situation: 'towBreakdown' }),
    });
    const less = screen.getByRole('button', { name: 'Un pasajero menos' });
    const more = screen.getByRole('button', { name: 'Un pasajero más' });
    const count = screen.getByRole('status', { name: 'Pasajeros' });
    expect(count).toHaveTextContent('0');
    expect(less).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(count).toHaveTextContent('2');
    await user.click(less);
    await user.click(less);
    expect(count).toHaveTextContent('0');
    expect(less).toBeDisabled();
    expect(currentSession().passengers).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(history.at(-1)).toBe('/services/tow/questions');
  });
});

describe('/services/tow: at most MAX_TOW_PASSENGERS (decision 650)', () => {
  it('stops at the maximum, says so, and keeps the count in the session', async () => {
    fakeFlowApi();
    const { user } = await renderFlow(<TowRoute />, {
      path: '/services/tow',
      session: flowSession({ situation: 'towBreakdown', passengers: MAX_TOW_PASSENGERS - 1 }),
    });
    const more = screen.getByRole('button', { name: 'Un pasajero más' });
    expect(more).toHaveAccessibleDescription(expect.stringContaining('Hasta 8 pasajeros.'));
    await user.click(more);
    expect(screen.getByRole('status', { name: 'Pasajeros' })).toHaveTextContent('8');
    expect(more).toBeDisabled();
    expect(currentSession().passengers).toBe(MAX_TOW_PASSENGERS);
  });
});

describe('/services/tow/questions (decision 271)', () => {
  it('offers the tow subtypes the account allows and needs an answer', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(<TowQuestionsRoute />, {
      path: '/services/tow/questions',
      session: flowSession({ situation: 'towBreakdown' }),
    });
    const group = await screen.findByRole('group', { name: '¿Qué le pasó al vehículo?' });
    expect(group).toBeInTheDocument();
    // The test account allows towTire and towCollision, not towExtraction.
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(
      screen.queryByRole('radio', { name: 'Quedó atascado (zanja, lodo, arena)' }),
    ).not.toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continuar' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Tuvo un choque' }));
    expect(currentSession()).toMatchObject({ situation: 'towCollision', answers: [3] });
    await user.click(next);
    await waitFor(() => {
      expect(history.at(-1)).toBe('/plate');
    });
  });

  it('contract search disabled by the brand goes to /clients after the questions', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(<TowQuestionsRoute />, {
      path: '/services/tow/questions',
      session: flowSession({ situation: 'towBreakdown', answers: [0] }),
      brand: testBrand({ contractSearchDisabled: true }),
    });
    await screen.findByRole('radio', { name: 'Se averió o no enciende' });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(history.at(-1)).toBe('/clients');
  });
});
