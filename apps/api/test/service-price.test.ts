import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, services, vehicles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService } from './support/journey-service.ts';
import { CONNECT_PR, MMM_PR } from './support/demo-accounts.ts';

// Decision 257: the service-request `price` is recomputed from the account's fees and the
// contract's limit check (SPEC 9 "Fees apply only to the 'connect' brand or when the legacy receipt
// preview is on ... for a surplus it uses the surplus amount").

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function contractOfPlate(plate: string): Promise<string> {
  const [row] = await t.db.db
    .select({ id: contracts.id })
    .from(vehicles)
    .innerJoin(contracts, eq(contracts.id, vehicles.contractId))
    .where(eq(vehicles.plate, plate))
    .orderBy(asc(contracts.id));
  if (!row) throw new Error(`no demo contract for ${plate}`);
  return row.id;
}

async function stored(id: string) {
  const [row] = await t.db.db.select().from(services).where(eq(services.id, id));
  return row;
}

describe('service-request price (decision 257)', () => {
  it.each([
    ['connect (fees apply): the fee plus management fee, whatever was sent', CONNECT_PR, 1, 6000],
    ['connect, a price above the fee is not kept either', CONNECT_PR, 99_999, 6000],
    ['mmm (no fees, no surplus): nothing to pay', MMM_PR, 4500, 0],
  ])('%s', async (_case, accountId, sent, expected) => {
    const service = await createService(t, accountId, { price: sent });
    const row = await stored(service.id);
    expect(row?.priceCents).toBe(expected);
    expect(row?.payments).toEqual({ subtotal: expected, tax: 0, total: expected });
    expect(row?.surplusCents).toBe(0);
  });

  it('a contract whose coverage leaves a surplus is priced at the surplus', async () => {
    const service = await createService(t, CONNECT_PR, {
      price: 0,
      customerContract: await contractOfPlate('ZZW218'),
      vehPlate: 'ZZW218',
    });
    const row = await stored(service.id);
    // flatTire 5500 + management fee 500 - 2000 covered (src/db/README.md).
    expect(row).toMatchObject({ priceCents: 4000, surplusCents: 4000 });
  });

  it('a covered contract on connect still pays the fee (fees apply to the brand)', async () => {
    const service = await createService(t, CONNECT_PR, {
      price: 0,
      customerContract: await contractOfPlate('GFS643'),
      vehPlate: 'GFS643',
    });
    expect(await stored(service.id)).toMatchObject({ priceCents: 6000, surplusCents: 0 });
  });
});
