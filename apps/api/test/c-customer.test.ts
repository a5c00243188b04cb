import {
  ApiErrorSchema,
  CreateCustomerResponseSchema,
  type CreateCustomerRequest,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomers } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 POST /dispatch/cCustomer ("payload not shown"; decision 127): registers the paying
// customer with the card payment provider and answers customerIdStripe (SPEC 3 Payment).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function customer(change: Partial<CreateCustomerRequest> = {}): CreateCustomerRequest {
  return {
    account_id: CONNECT_PR,
    branch: 'PR',
    name: 'Ana Rivera',
    email: 'ana.rivera@correo.example',
    phone: '7875550100',
    ...change,
  };
}

function createCustomer(body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/common/dispatch/cCustomer',
    headers: { 'x-api-key': t.config.appKey },
    payload: body as Record<string, unknown>,
  });
}

describe('POST /common/dispatch/cCustomer', () => {
  it('registers the customer once: the same account and e-mail (any case) answer the same id', async () => {
    const first = await createCustomer(customer());
    expect(first.statusCode).toBe(200);
    const { customerIdStripe } = CreateCustomerResponseSchema.parse(first.json());
    expect(customerIdStripe).toMatch(/^cus_sandbox_[\w-]+$/);

    const again = await createCustomer(customer({ email: 'ANA.Rivera@correo.example' }));
    expect(CreateCustomerResponseSchema.parse(again.json())).toEqual({ customerIdStripe });

    const rows = await t.db.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.email, 'ana.rivera@correo.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: customerIdStripe,
      provider: 'sandbox',
      branch: 'PR',
      name: 'Ana Rivera',
      email: 'ana.rivera@correo.example',
      phone: '7875550100',
    });
  });

  it('gives another e-mail of the account another customer; parallel first calls keep one row', async () => {
    const email = 'luis.cruz@correo.example';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createCustomer(customer({ email }))),
    );
    const ids = new Set(
      answers.map((res) => CreateCustomerResponseSchema.parse(res.json()).customerIdStripe),
    );
    expect(ids.size).toBe(1);
    const rows = await t.db.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.email, email));
    expect(rows.map((row) => row.id)).toEqual([...ids]);
  });

  it.each([
    ['an e-mail that is not one', { email: 'no-at-sign' }, 'body.email'],
    ['a blank name', { name: '  ' }, 'body.name'],
    ['an unknown branch', { branch: 'US' }, 'body.branch'],
    ['an account that does not exist', { account_id: 'f'.repeat(24) }, 'body.account_id'],
    ['a branch that is not the account’s', { branch: 'CR' }, 'body.branch'],
  ])('answers 400 naming the field for %s, storing nothing', async (_case, change, field) => {
    const email = `bad-${field}@correo.example`;
    const res = await createCustomer({ ...customer({ email }), ...change });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    const rows = await t.db.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.email, email));
    expect(rows).toEqual([]);
  });
});
