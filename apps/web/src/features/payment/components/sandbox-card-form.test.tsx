import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { renderWithProviders } from '../../../test/render.tsx';
import { testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// The real form, API client and translations; only the network (fetch) is a stub that answers like
// POST /common/payments/charges.

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('es');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

function installChargeServer() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(init?.body as string) as {
        card: { number: string };
        amount: number;
        currency: string;
      };
      bodies.push(body);
      const declined = body.card.number === '4000000000000002';
      const payload = declined
        ? { code: 'PAYMENT_DECLINED', message: 'The card was declined', field: 'body.card.number' }
        : {
            chargeId: 'ch_sandbox_1',
            customerId: 'cus_sandbox_1',
            cardId: 'card_sandbox_1',
            status: 'succeeded',
            amount: body.amount,
            currency: body.currency,
            brand: 'visa',
            last4: body.card.number.slice(-4),
          };
      return Promise.resolve(
        new Response(JSON.stringify(payload), {
          status: declined ? 402 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return bodies;
}

function renderForm(onCharged = vi.fn(() => Promise.resolve())) {
  renderWithProviders(
    <SandboxCardForm
      amount={4500}
      currency="usd"
      email="ana@example.com"
      payLabel="Pagar $45.00"
      onCharged={onCharged}
    />,
    { config: testConfig(), i18n },
  );
  return onCharged;
}

async function fill(number: string, expiry = `12${nextYear}`, cvc = '123', name = 'Ana Rivera') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Número de tarjeta'), number);
  await user.type(screen.getByLabelText('Vence (MM/AA)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
  await user.type(screen.getByLabelText('Nombre en la tarjeta'), name);
  await user.click(screen.getByRole('button', { name: 'Pagar $45.00' }));
  return user;
}

describe('SandboxCardForm', () => {
  it('says it is a sandbox and gives the test numbers', () => {
    renderForm();
    expect(
      screen.getByText('Sandbox / Modo de prueba: no se cobra dinero real'),
    ).toBeInTheDocument();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    const number = screen.getByLabelText('Número de tarjeta');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
  });

  it('spaces the number and shows MM/YY', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Número de tarjeta'), '4242424242424242');
    await user.type(screen.getByLabelText('Vence (MM/AA)'), '1230');
    expect(screen.getByLabelText('Número de tarjeta')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Vence (MM/AA)')).toHaveValue('12/30');
  });

  it('names the first wrong field and charges nothing', async () => {
    const bodies = installChargeServer();
    const onCharged = renderForm();
    await fill('4242424242424241');
    expect(screen.getByText('Revise el número de la tarjeta.')).toBeInTheDocument();
    expect(screen.getByLabelText('Número de tarjeta')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Número de tarjeta')).toHaveFocus();
    expect(bodies).toHaveLength(0);
    expect(onCharged).not.toHaveBeenCalled();
  });

  it('refuses a past expiry date', async () => {
    installChargeServer();
    renderForm();
    await fill('4242424242424242', '0120');
    expect(screen.getByText('La fecha de vencimiento no es válida o ya pasó.')).toBeInTheDocument();
  });

  it('shows a decline and keeps what was typed', async () => {
    installChargeServer();
    const onCharged = renderForm();
    await fill('4000000000000002');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Su tarjeta fue rechazada. Revise los datos o use otra tarjeta.',
    );
    expect(screen.getByLabelText('Número de tarjeta')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Nombre en la tarjeta')).toHaveValue('Ana Rivera');
    expect(onCharged).not.toHaveBeenCalled();
  });

  it('charges the amount and hands the charge to the request', async () => {
    const bodies = installChargeServer();
    const onCharged = renderForm();
    await fill('4242424242424242');
    await waitFor(() => {
      expect(onCharged).toHaveBeenCalledTimes(1);
    });
    expect(bodies[0]).toMatchObject({
      amount: 4500,
      currency: 'usd',
      email: 'ana@example.com',
      card: { number: '4242424242424242', expMonth: 12, cvc: '123', name: 'Ana Rivera' },
    });
    expect(onCharged).toHaveBeenCalledWith({
      paymentMethod: 'card',
      chargeIdStripe: 'ch_sandbox_1',
      customerIdStripe: 'cus_sandbox_1',
      cardIdStripe: 'card_sandbox_1',
      amount: 4500,
      emailPayment: 'ana@example.com',
    });
  });

  it('reuses the idempotency key when the same card is sent again', async () => {
    const bodies = installChargeServer();
    renderForm();
    const user = await fill('4000000000000002');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Pagar $45.00' }));
    await waitFor(() => {
      expect(bodies).toHaveLength(2);
    });
    expect(bodies[1]?.idempotencyKey).toBe(bodies[0]?.idempotencyKey);
  });
});
