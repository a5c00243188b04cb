import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { INITIAL_SESSION, type Session } from '@auxilio/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { PaymentScreen } from './payment-screen.tsx';

// /payment with the real screen, hooks, store and API client; a fake server at the fetch boundary.

const ACCOUNT_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

const account = {
  _id: ACCOUNT_ID,
  name: 'Connect PA',
  smsName: 'Connect',
  branch: 'PA',
  brand: 'connect',
  kind: 'member',
  phone: '5075550100',
  serviceCoordinationPhone: '5075550101',
  salesforce: 'sf-pa',
  config: {
    policyLimitVersion: 'V1',
    finishedScreenAfterService: false,
    surveyStepShownAsFinished: false,
    socialStepWhenFinished: false,
    legacyReceiptPreview: false,
    otherTileHelpText: null,
  },
  managementFee: 0,
  serviceFees: { flatTire: 4000 },
  tax: { label: 'ITBMS', rate: 0.115 },
  homeServicesAllowed: [],
  pwaHomeServicesAllowed: [],
  pwaRoadServicesAllowed: [],
};

const session: Session = {
  ...INITIAL_SESSION,
  brand: 'connect',
  accountId: ACCOUNT_ID,
  situation: 'flatTire',
  serviceType: { name: 'flatTire', category: 'road' },
  customerFee: 4000,
  clientForm: {
    ...INITIAL_SESSION.clientForm,
    fullName: 'Ana Rivera',
    phone: '507-555-0100',
    plate: 'ab123',
    email: 'ana@example.com',
  },
  locations: {
    ...INITIAL_SESSION.locations,
    situation: {
      lat: 8.98,
      lng: -79.52,
      address: 'Calle 50, Panamá',
      placeId: 'p1',
      prettyAddress: '',
    },
  },
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('es');
});
beforeEach(() => {
  useSessionStore.setState({ session });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function installServer({ failFirstCreate = false, refuseFirstPayment = false } = {}) {
  const posts: Array<{ url: string; body: Record<string, unknown> }> = [];
  let failCreate = failFirstCreate;
  let refusePayment = refuseFirstPayment;
  const json = (status: number, data: unknown) =>
    Promise.resolve(new Response(JSON.stringify(data), { status }));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posts.push({ url, body });
        if (url === '/common/payments/charges') {
          return json(200, {
            chargeId: 'ch_sandbox_1',
            customerId: 'cus_sandbox_1',
            cardId: 'card_sandbox_1',
            status: 'succeeded',
            amount: body.amount,
            currency: body.currency,
            brand: 'visa',
            last4: '4242',
          });
        }
        if (failCreate) {
          failCreate = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        if (refusePayment) {
          refusePayment = false;
          return json(409, {
            code: 'PAYMENT_INVALID',
            message: 'The payment is 4460 usd; 5000 usd is due',
            field: 'body.chargeIdStripe',
          });
        }
        return json(201, {
          token: 'tok_0123456789abcdef0123',
          eventId: 'ev-1',
          serviceId: body.serviceId,
          serviceNumber: '100001',
        });
      }
      if (url === `/common/accounts/${ACCOUNT_ID}`) return json(200, account);
      return json(404, { code: 'NOT_FOUND', message: url });
    }),
  );
  return posts;
}

function renderScreen() {
  const location = memoryLocation({ path: '/payment', record: true });
  const config = testConfig(testBrand({ slug: 'connect', paymentRequired: true, feesApply: true }));
  renderWithProviders(
    <Router hook={location.hook}>
      <PaymentScreen />
    </Router>,
    { config, i18n },
  );
  return location;
}

async function payWithTestCard() {
  const user = userEvent.setup();
  const yy = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
  await user.type(screen.getByLabelText('Número de tarjeta'), '4242424242424242');
  await user.type(screen.getByLabelText('Vence (MM/AA)'), `12${yy}`);
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Nombre en la tarjeta'), 'Ana Rivera');
  await user.click(screen.getByRole('button', { name: 'Pagar $44.60' }));
  return user;
}

describe('PaymentScreen', () => {
  it('charges the fee total (fee plus tax, SPEC 9) and submits the request with the charge', async () => {
    const posts = installServer();
    renderScreen();
    // $40.00 + 11.5 % ITBMS = $44.60.
    expect(await screen.findByText('$44.60')).toBeInTheDocument();
    await payWithTestCard();

    await waitFor(() => {
      expect(posts.map((post) => post.url)).toEqual([
        '/common/payments/charges',
        '/common/api/v1/service-requests',
      ]);
    });
    expect(posts[0]?.body).toMatchObject({ amount: 4460, currency: 'usd' });
    expect(posts[1]?.body).toMatchObject({
      chargeIdStripe: 'ch_sandbox_1',
      customerIdStripe: 'cus_sandbox_1',
      cardIdStripe: 'card_sandbox_1',
      paymentMethod: 'card',
      email_payment: 'ana@example.com',
      vehPlate: 'AB123',
    });
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
  });

  it('after a lost submit, retries the request without charging again', async () => {
    const posts = installServer({ failFirstCreate: true });
    renderScreen();
    await screen.findByText('$44.60');
    const user = await payWithTestCard();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos enviar su solicitud. Inténtelo de nuevo: no se le cobrará otra vez.',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
    const urls = posts.map((post) => post.url);
    expect(urls.filter((url) => url === '/common/payments/charges')).toHaveLength(1);
    expect(urls.filter((url) => url === '/common/api/v1/service-requests')).toHaveLength(2);
    expect(posts[2]?.body.serviceId).toBe(posts[1]?.body.serviceId);
  });

  it('decision 434: a payment the API does not accept is paid again, never resent as it is', async () => {
    const posts = installServer({ refuseFirstPayment: true });
    renderScreen();
    await screen.findByText('$44.60');
    const user = await payWithTestCard();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El proveedor de pagos no confirmó este pago para su solicitud',
    );
    expect(screen.queryByText('Pago de $44.60 aprobado.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar de nuevo' }));
    expect(useSessionStore.getState().session.payment.chargeIdStripe).toBeNull();
    expect(await screen.findByLabelText('Número de tarjeta')).toBeInTheDocument();
    await payWithTestCard();
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
    expect(posts.map((post) => post.url)).toEqual([
      '/common/payments/charges',
      '/common/api/v1/service-requests',
      '/common/payments/charges',
      '/common/api/v1/service-requests',
    ]);
  });

  it('after a reload with a charge in the session, sends the request without a card form', async () => {
    useSessionStore.setState({
      session: {
        ...session,
        payment: {
          ...session.payment,
          paymentMethod: 'card',
          chargeIdStripe: 'ch_sandbox_1',
          customerIdStripe: 'cus_sandbox_1',
          cardIdStripe: 'card_sandbox_1',
          amount: 4460,
          emailPayment: 'ana@example.com',
        },
      },
    });
    const posts = installServer();
    renderScreen();

    expect(screen.getByText('Pago de $44.60 aprobado.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Número de tarjeta')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
    expect(posts.map((post) => post.url)).toEqual(['/common/api/v1/service-requests']);
    expect(posts[0]?.body).toMatchObject({ chargeIdStripe: 'ch_sandbox_1' });
  });
});
