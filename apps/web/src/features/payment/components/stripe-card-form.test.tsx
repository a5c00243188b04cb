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
import { chooseCardPaymentProvider } from '../providers/choose-card-payment-provider.ts';
import { PaymentScreen } from './payment-screen.tsx';

// /payment with Stripe configured (decision 430): the real screen, provider choice, hooks, store and
// API client; a fake server at the fetch boundary. Stripe.js itself cannot load here (no network), so
// these tests stop at the PaymentIntent the API created; the API side is tested against a Stripe
// fixture server (apps/api/test/payments-stripe.test.ts).

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

/** The Stripe form is a lazy chunk: its first import can be slow on a busy machine. */
const LAZY_CHUNK = { timeout: 5000 };

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

function installServer({ failFirstIntent = false } = {}) {
  const posts: Array<{
    url: string;
    body: Record<string, unknown> | null;
    authorization: string | null;
  }> = [];
  let failIntent = failFirstIntent;
  const json = (status: number, data: unknown) =>
    Promise.resolve(new Response(JSON.stringify(data), { status }));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (init?.method === 'POST') {
        const body =
          typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
        posts.push({ url, body, authorization: new Headers(init.headers).get('authorization') });
        if (url === '/common/payments/intents') {
          if (failIntent) {
            failIntent = false;
            return json(503, { code: 'UNAVAILABLE', message: 'Stripe is down' });
          }
          return json(200, {
            intentId: 'pi_123',
            clientSecret: 'pi_123_secret_abc',
            amount: 4460,
            currency: 'usd',
          });
        }
        return json(404, { code: 'NOT_FOUND', message: url });
      }
      if (url === `/common/accounts/${ACCOUNT_ID}`) return json(200, account);
      return json(404, { code: 'NOT_FOUND', message: url });
    }),
  );
  return posts;
}

function renderScreen() {
  const location = memoryLocation({ path: '/payment', record: true });
  const config = {
    ...testConfig(testBrand({ slug: 'connect', paymentRequired: true, feesApply: true })),
    payments: { provider: 'stripe' as const, publishableKey: 'pk_test_123' },
  };
  renderWithProviders(
    <Router hook={location.hook}>
      <PaymentScreen />
    </Router>,
    { config, i18n },
  );
  return location;
}

describe('PaymentScreen with Stripe Elements', () => {
  it('asks the API for a PaymentIntent of the service, not for a typed card charge', async () => {
    const posts = installServer();
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Pagar $44.60' }, LAZY_CHUNK)).toBeTruthy();
    expect(screen.queryByText(/Sandbox/)).toBeNull();
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();

    const serviceId = useSessionStore.getState().session.serviceId;
    expect(serviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts).toEqual([
      {
        url: '/common/payments/intents',
        body: {
          serviceId,
          purpose: {
            kind: 'service',
            accountId: ACCOUNT_ID,
            situation: 'flatTire',
            customerContract: null,
            vehPlate: 'AB123',
          },
          email: 'ana@example.com',
          idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        },
        // The service does not exist yet: the app key is enough.
        authorization: null,
      },
    ]);
  });

  it('pays a tip once the service exists', async () => {
    const posts = installServer();
    useSessionStore.setState({
      session: { ...session, serviceId: 'service-1234', token: 'tok_0123456789abcdef0123' },
    });
    const { CardForm } = chooseCardPaymentProvider({
      provider: 'stripe',
      publishableKey: 'pk_test_123',
    });
    renderWithProviders(
      <CardForm
        amount={300}
        currency="usd"
        email=""
        payLabel="Dar $3.00"
        onCharged={() => Promise.resolve()}
      />,
      {
        config: {
          ...testConfig(testBrand({ slug: 'connect' })),
          payments: { provider: 'stripe', publishableKey: 'pk_test_123' },
        },
        i18n,
      },
    );
    expect(await screen.findByRole('button', { name: 'Dar $3.00' }, LAZY_CHUNK)).toBeTruthy();
    await waitFor(() => {
      expect(posts).toHaveLength(1);
    });
    expect(posts[0]?.body).toMatchObject({
      serviceId: 'service-1234',
      purpose: { kind: 'tip', amount: 300, currency: 'usd' },
    });
    // A tip is about an existing service: it carries the service's token (decision 430).
    expect(posts[0]?.authorization).toBe('Bearer tok_0123456789abcdef0123');
  });

  it('offers a retry when the PaymentIntent cannot be created, with the same idempotency key', async () => {
    const posts = installServer({ failFirstIntent: true });
    renderScreen();
    const retry = await screen.findByRole('button', { name: 'Intentar de nuevo' }, LAZY_CHUNK);
    expect(screen.getByRole('alert').textContent).toMatch(/No pudimos conectar/);
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('button', { name: 'Pagar $44.60' }, LAZY_CHUNK)).toBeTruthy();
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body?.idempotencyKey).toBe(posts[0]?.body?.idempotencyKey);
    expect(posts[1]?.body?.serviceId).toBe(posts[0]?.body?.serviceId);
  });
});
