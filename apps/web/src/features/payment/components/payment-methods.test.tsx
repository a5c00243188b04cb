import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { INITIAL_SESSION, type Branch, type Session } from '@auxilio/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { PaymentScreen } from './payment-screen.tsx';

// /payment's method choice (decision 665): the card everywhere, ATH Móvil for Puerto Rico services
// (its sandbox by default), cash where the account allows it. The real screen, hooks, store and API
// client; a fake server at the fetch boundary.

const ACCOUNT_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const PAYMENT_ID = '0f7c2a9e-1b3d-4c5e-8f90-a1b2c3d4e5f6';

function accountOf(branch: Branch, cashPaymentAllowed: boolean) {
  return {
    _id: ACCOUNT_ID,
    name: `Connect ${branch}`,
    smsName: 'Connect',
    branch,
    brand: 'connect',
    kind: 'member',
    phone: '7875550100',
    serviceCoordinationPhone: '7875550101',
    salesforce: 'sf-1',
    config: {
      policyLimitVersion: 'V1',
      finishedScreenAfterService: false,
      surveyStepShownAsFinished: false,
      socialStepWhenFinished: false,
      legacyReceiptPreview: false,
      otherTileHelpText: null,
      cashPaymentAllowed,
    },
    managementFee: 0,
    serviceFees: { flatTire: 6000 },
    tax: { label: 'IVU', rate: 0 },
    homeServicesAllowed: [],
    pwaHomeServicesAllowed: [],
    pwaRoadServicesAllowed: [],
  };
}

const session: Session = {
  ...INITIAL_SESSION,
  brand: 'connect',
  accountId: ACCOUNT_ID,
  situation: 'flatTire',
  serviceType: { name: 'flatTire', category: 'road' },
  customerFee: 6000,
  clientForm: {
    ...INITIAL_SESSION.clientForm,
    fullName: 'Ana Rivera',
    phone: '787-555-0100',
    plate: 'abc123',
    email: 'ana@example.com',
  },
  locations: {
    ...INITIAL_SESSION.locations,
    situation: {
      lat: 18.42,
      lng: -66.07,
      address: 'Calle Luna 5, San Juan',
      placeId: 'p1',
      prettyAddress: '',
    },
  },
};

interface ServerOptions {
  branch?: Branch;
  cash?: boolean;
  /** What each `complete` call answers, in order; then 200 completed. */
  completions?: Array<{ status: number; code: string }>;
}

function installServer({ branch = 'PR', cash = false, completions = [] }: ServerOptions = {}) {
  const posts: Array<{ url: string; body: Record<string, unknown> | undefined }> = [];
  const json = (status: number, data: unknown) =>
    Promise.resolve(new Response(JSON.stringify(data), { status }));
  const payment = (status: string, referenceNumber: string | null) => ({
    paymentId: PAYMENT_ID,
    status,
    amount: 6000,
    currency: 'usd',
    referenceNumber,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (init?.method === 'POST') {
        const body =
          typeof init.body === 'string'
            ? (JSON.parse(init.body) as Record<string, unknown>)
            : undefined;
        posts.push({ url, body });
        if (url === '/common/payments/mobile') return json(200, payment('open', null));
        if (url === `/common/payments/mobile/${PAYMENT_ID}/complete`) {
          const next = completions.shift();
          if (next) return json(next.status, { code: next.code, message: 'from the fake server' });
          return json(200, payment('completed', 'sandbox-0123456789abcdef'));
        }
        if (url === '/common/api/v1/service-requests') {
          return json(201, {
            token: 'tok_0123456789abcdef0123',
            eventId: 'ev-1',
            serviceId: body?.serviceId,
            serviceNumber: '100001',
          });
        }
      }
      if (url === `/common/accounts/${ACCOUNT_ID}`) return json(200, accountOf(branch, cash));
      return json(404, { code: 'NOT_FOUND', message: url });
    }),
  );
  return posts;
}

let es: I18n;
let en: I18n;
beforeAll(async () => {
  es = await createTestI18n('es');
  en = await createTestI18n('en');
});
beforeEach(() => {
  useSessionStore.setState({ session });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderScreen(i18n: I18n = es) {
  const config = testConfig(testBrand({ slug: 'connect', paymentRequired: true, feesApply: true }));
  renderWithProviders(
    <Router hook={memoryLocation({ path: '/payment' }).hook}>
      <PaymentScreen />
    </Router>,
    { config, i18n },
  );
}

const urls = (posts: ReturnType<typeof installServer>) => posts.map((post) => post.url);

async function chooseAthMovil() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: 'ATH Móvil' }));
  return user;
}

describe('payment methods on /payment (decision 665)', () => {
  it('outside Puerto Rico, without cash: the card form alone, as before', async () => {
    installServer({ branch: 'PA' });
    renderScreen();
    expect(await screen.findByLabelText('Número de tarjeta')).toBeInTheDocument();
    // The account has loaded (its price shows) and still no choice is offered.
    expect(await screen.findByText('$60.00')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Forma de pago' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pago con tarjeta');
  });

  it('in Puerto Rico: card (chosen) or ATH Móvil, no cash unless the account allows it', async () => {
    installServer({ branch: 'PR' });
    renderScreen();
    const group = await screen.findByRole('group', { name: 'Forma de pago' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pago del servicio');
    const radios = Array.from(group.querySelectorAll('input[type="radio"]'));
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['card', 'ath_movil']);
    expect(screen.getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'ATH Móvil' })).toHaveAccessibleDescription(
      'Apruebe el pago en su app ATH Móvil',
    );
    expect(screen.getByLabelText('Número de tarjeta')).toBeInTheDocument();
  });

  it('ATH Móvil: the server prices the payment, the customer approves it, the request names it', async () => {
    const posts = installServer();
    renderScreen();
    const user = await chooseAthMovil();
    expect(screen.getByText('Sandbox / Modo de prueba: no se cobra dinero real')).toBeVisible();
    expect(screen.queryByLabelText('Número de tarjeta')).not.toBeInTheDocument();

    const phone = screen.getByLabelText('Teléfono de su cuenta ATH Móvil');
    await user.type(phone, '787-555-010');
    await user.click(screen.getByRole('button', { name: 'Pagar $60.00 con ATH Móvil' }));
    expect(
      screen.getByText('Escriba los 10 dígitos del teléfono de su cuenta ATH Móvil.'),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(posts).toEqual([]);

    await user.type(phone, '0');
    await user.click(screen.getByRole('button', { name: 'Pagar $60.00 con ATH Móvil' }));
    expect(
      await screen.findByRole('heading', { name: 'Apruebe el pago en ATH Móvil' }),
    ).toBeInTheDocument();
    // Non-breaking hyphens keep the number on one line.
    expect(
      screen.getByText(/Enviamos un pago de \$60\.00 al 787\u2011555\u20110100/),
    ).toHaveFocus();
    // The choice steps aside while the payment waits for approval.
    expect(screen.queryByRole('group', { name: 'Forma de pago' })).not.toBeInTheDocument();
    // What is paid for, never an amount: the server computes it (decision 434).
    expect(posts[0]?.body).toEqual({
      serviceId: useSessionStore.getState().session.serviceId,
      purpose: {
        kind: 'service',
        accountId: ACCOUNT_ID,
        situation: 'flatTire',
        customerContract: null,
        vehPlate: 'ABC123',
      },
      phoneNumber: '7875550100',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as unknown,
    });

    await user.click(screen.getByRole('button', { name: 'Ya aprobé el pago' }));
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
    expect(urls(posts)).toEqual([
      '/common/payments/mobile',
      `/common/payments/mobile/${PAYMENT_ID}/complete`,
      '/common/api/v1/service-requests',
    ]);
    expect(posts[2]?.body).toMatchObject({
      paymentMethod: 'ath_movil',
      chargeIdStripe: PAYMENT_ID,
      cardIdStripe: null,
      customerIdStripe: null,
      email_payment: 'ana@example.com',
    });
    expect(useSessionStore.getState().session.payment).toMatchObject({
      paymentMethod: 'ath_movil',
      chargeIdStripe: PAYMENT_ID,
      amount: 6000,
    });
  });

  it('ATH Móvil not approved yet: says so and checks again on the next tap', async () => {
    const posts = installServer({ completions: [{ status: 409, code: 'CONFLICT' }] });
    renderScreen();
    const user = await chooseAthMovil();
    await user.type(screen.getByLabelText('Teléfono de su cuenta ATH Móvil'), '7875550100');
    await user.click(screen.getByRole('button', { name: 'Pagar $60.00 con ATH Móvil' }));
    await user.click(await screen.findByRole('button', { name: 'Ya aprobé el pago' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Aún no vemos su aprobación.');
    expect(urls(posts)).not.toContain('/common/api/v1/service-requests');
    expect(screen.getByRole('heading', { name: 'Apruebe el pago en ATH Móvil' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ya aprobé el pago' }));
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
    expect(urls(posts).filter((url) => url === '/common/payments/mobile')).toHaveLength(1);
  });

  it('ATH Móvil declined: the translated error, no request, and a new payment on the next try', async () => {
    const posts = installServer({ completions: [{ status: 402, code: 'PAYMENT_DECLINED' }] });
    renderScreen();
    const user = await chooseAthMovil();
    await user.type(screen.getByLabelText('Teléfono de su cuenta ATH Móvil'), '787-555-0002');
    await user.click(screen.getByRole('button', { name: 'Pagar $60.00 con ATH Móvil' }));
    await user.click(await screen.findByRole('button', { name: 'Ya aprobé el pago' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ATH Móvil no aprobó el pago: fue rechazado, cancelado o venció. No se le cobró y su solicitud no se envió.',
    );
    expect(urls(posts)).not.toContain('/common/api/v1/service-requests');
    expect(useSessionStore.getState().session.payment.chargeIdStripe).toBeNull();
    // Back to the start: another method can be chosen, or the number tried again.
    expect(screen.getByRole('group', { name: 'Forma de pago' })).toBeInTheDocument();
    const phone = screen.getByLabelText('Teléfono de su cuenta ATH Móvil');
    await waitFor(() => {
      expect(phone).toHaveFocus();
    });

    // The declined payment is never asked again: the same number starts a new payment.
    await user.click(screen.getByRole('button', { name: 'Pagar $60.00 con ATH Móvil' }));
    await screen.findByRole('button', { name: 'Ya aprobé el pago' });
    const starts = posts.filter((post) => post.url === '/common/payments/mobile');
    expect(starts).toHaveLength(2);
    expect(starts[1]?.body?.idempotencyKey).not.toBe(starts[0]?.body?.idempotencyKey);
  });

  it('ATH Móvil declined, in English', async () => {
    installServer({ completions: [{ status: 402, code: 'PAYMENT_DECLINED' }] });
    renderScreen(en);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'ATH Móvil' }));
    await user.type(screen.getByLabelText('Phone number of your ATH Móvil account'), '7875550002');
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with ATH Móvil' }));
    await user.click(await screen.findByRole('button', { name: 'I approved the payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ATH Móvil did not approve the payment: it was declined, cancelled or expired. You were not charged and your request was not sent.',
    );
  });

  it('cash where the account allows it: the request says cash and nothing is charged', async () => {
    const posts = installServer({ branch: 'PR', cash: true });
    renderScreen();
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Forma de pago' });
    const radios = Array.from(group.querySelectorAll('input[type="radio"]'));
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'card',
      'ath_movil',
      'cash',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Efectivo' }));
    expect(
      screen.getByText(
        'No se le cobrará ahora. Pague $60.00 en efectivo al proveedor cuando llegue.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud y pagar en efectivo' }));
    await waitFor(() => {
      expect(useSessionStore.getState().session.token).toBe('tok_0123456789abcdef0123');
    });
    expect(urls(posts)).toEqual(['/common/api/v1/service-requests']);
    expect(posts[0]?.body).toMatchObject({
      paymentMethod: 'cash',
      chargeIdStripe: null,
      cardIdStripe: null,
      customerIdStripe: null,
    });
  });
});
