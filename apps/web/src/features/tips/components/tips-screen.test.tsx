import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { INITIAL_SESSION, TipRequestSchema, type Branch } from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { TipsScreen, type TipCardForm } from './tips-screen.tsx';

interface Posted {
  path: string;
  authorization: string | null;
  body: unknown;
}

/** POST /common/tips as the server answers it (decision 126); bodies checked with the contract. */
function fakeTipsApi(status = 201) {
  const posted: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      posted.push({
        path: new URL(input, 'http://localhost').pathname,
        authorization: new Headers(init?.headers).get('authorization'),
        body,
      });
      const tip = TipRequestSchema.parse(body);
      const answer =
        status < 300
          ? { tipId: 'tip-1', serviceId: tip.serviceId, amount: tip.amount }
          : { code: status === 409 ? 'CONFLICT' : 'INTERNAL', message: 'x' };
      return Promise.resolve(new Response(JSON.stringify(answer), { status }));
    }),
  );
  return posted;
}

async function renderTips(branch: Branch = 'PR', cardForm?: TipCardForm) {
  const location = memoryLocation({ path: '/tips', record: true });
  const onSkip = vi.fn();
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <TipsScreen service={{ _id: 'svc-1', branch }} onSkip={onSkip} cardForm={cardForm} />
    </Router>,
    { config: testConfig(), i18n: await createTestI18n('es') },
  );
  return { location, onSkip, user: userEvent.setup() };
}

beforeEach(() => {
  useSessionStore.setState({
    session: {
      ...INITIAL_SESSION,
      serviceId: 'svc-1',
      token: 'tok-1',
      // The service itself was paid by card: its charge must not be reused for the tip.
      payment: { ...INITIAL_SESSION.payment, paymentMethod: 'card', chargeIdStripe: 'ch_service' },
    },
  });
});

describe('tips (SPEC 9 "Default tip 3")', () => {
  it('offers 2, 3, 5 and other, with 3 chosen at first', async () => {
    fakeTipsApi();
    await renderTips();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      '$2.00',
      '$3.00',
      '$5.00',
      'Otro',
    ]);
    expect(screen.getByRole('radio', { name: '$3.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Dar propina $3.00' })).toBeInTheDocument();
  });

  it('records the default tip as cash in cents, keeps it in the session and goes to /social', async () => {
    const posted = fakeTipsApi();
    const { user, location } = await renderTips();
    await user.click(screen.getByRole('button', { name: 'Dar propina $3.00' }));
    await waitFor(() => {
      expect(location.history).toEqual(['/social']);
    });
    expect(posted).toEqual([
      {
        path: '/common/tips',
        authorization: 'Bearer tok-1',
        body: {
          serviceId: 'svc-1',
          amount: 300,
          currency: 'usd',
          paymentMethod: 'cash',
          cardIdStripe: null,
          chargeIdStripe: null,
          customerIdStripe: null,
        },
      },
    ]);
    expect(useSessionStore.getState().session.payment).toMatchObject({
      tips: true,
      tipAmount: 3,
      tipPaymentType: 'cash',
      chargeIdStripe: 'ch_service',
    });
  });

  it('takes another amount, refusing zero, and sends colones for Costa Rica', async () => {
    const posted = fakeTipsApi();
    const { user } = await renderTips('CR');
    await user.click(screen.getByRole('radio', { name: 'Otro' }));
    const field = screen.getByRole('textbox', { name: /Monto de la propina/ });
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: /Dar propina/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('mayor que 0');
    expect(posted).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '7,50');
    await user.click(screen.getByRole('button', { name: 'Dar propina ₡7.50' }));
    await waitFor(() => {
      expect(posted).toHaveLength(1);
    });
    expect(posted[0]?.body).toMatchObject({ amount: 750, currency: 'crc' });
  });

  it('Costa Rica: presets in colones, ₡1,500 at first, sent in crc cents (decision 655)', async () => {
    const posted = fakeTipsApi();
    const { user, location } = await renderTips('CR');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      '₡1,000.00',
      '₡1,500.00',
      '₡2,500.00',
      'Otro',
    ]);
    expect(screen.getByRole('radio', { name: '₡1,500.00' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '₡2,500.00' }));
    await user.click(screen.getByRole('button', { name: 'Dar propina ₡2,500.00' }));
    await waitFor(() => {
      expect(location.history).toEqual(['/social']);
    });
    expect(posted[0]?.body).toMatchObject({ amount: 250_000, currency: 'crc' });
    expect(useSessionStore.getState().session.payment).toMatchObject({
      tips: true,
      tipAmount: 2500,
    });
  });

  it('Costa Rica: another amount in colones, grouped as written, up to ₡50,000', async () => {
    const posted = fakeTipsApi();
    const { user } = await renderTips('CR');
    await user.click(screen.getByRole('radio', { name: 'Otro' }));
    const field = screen.getByRole('textbox', { name: 'Monto de la propina (hasta ₡50,000.00)' });
    await user.type(field, '60.000');
    await user.click(screen.getByRole('button', { name: /Dar propina/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('de hasta ₡50,000.00');
    expect(posted).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '2.000');
    await user.click(screen.getByRole('button', { name: 'Dar propina ₡2,000.00' }));
    await waitFor(() => {
      expect(posted).toHaveLength(1);
    });
    expect(posted[0]?.body).toMatchObject({ amount: 200_000, currency: 'crc' });
  });

  it('a tip already given shows again, in the currency it was given in', async () => {
    fakeTipsApi();
    useSessionStore.setState((state) => ({
      session: {
        ...state.session,
        payment: { ...state.session.payment, tips: true, tipAmount: 1000 },
      },
    }));
    await renderTips('CR');
    expect(screen.getByRole('radio', { name: '₡1,000.00' })).toBeChecked();
  });

  it('a tip already recorded for the service (409 on a retry) still moves on to /social', async () => {
    fakeTipsApi(409);
    const { user, location } = await renderTips();
    await user.click(screen.getByRole('button', { name: 'Dar propina $3.00' }));
    await waitFor(() => {
      expect(location.history).toEqual(['/social']);
    });
  });

  it('a failed send stays with a message; skip leaves without a call', async () => {
    const posted = fakeTipsApi(503);
    const { user, location, onSkip } = await renderTips();
    await user.click(screen.getByRole('button', { name: 'Dar propina $3.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos registrar su propina');
    expect(location.history).toEqual(['/tips']);
    expect(useSessionStore.getState().session.payment.tips).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(onSkip).toHaveBeenCalledOnce();
    expect(posted).toHaveLength(1);
  });

  it('with a card step: the amount goes to the card form and the tip carries its own charge', async () => {
    const posted = fakeTipsApi();
    const charged: number[] = [];
    // Stands in for the payment feature's card form: it reports the charge it made.
    const cardForm: TipCardForm = ({ amountCents, payLabel, onPaid }) => (
      <button
        type="button"
        onClick={() => {
          charged.push(amountCents);
          void onPaid({
            cardIdStripe: 'card_1',
            chargeIdStripe: 'ch_tip_1',
            customerIdStripe: 'cus_1',
          });
        }}
      >
        {payLabel}
      </button>
    );
    const { user, location } = await renderTips('PR', cardForm);
    await user.click(screen.getByRole('radio', { name: '$5.00' }));
    await user.click(screen.getByRole('button', { name: 'Continuar con $5.00' }));
    expect(posted).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Dar propina $5.00' }));
    await waitFor(() => {
      expect(location.history).toEqual(['/social']);
    });
    expect(charged).toEqual([500]);
    expect(posted[0]?.body).toEqual({
      serviceId: 'svc-1',
      amount: 500,
      currency: 'usd',
      paymentMethod: 'card',
      cardIdStripe: 'card_1',
      chargeIdStripe: 'ch_tip_1',
      customerIdStripe: 'cus_1',
    });
  });
});
