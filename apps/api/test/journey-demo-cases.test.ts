import { readFile } from 'node:fs/promises';
import {
  ContractSearchResponseSchema,
  LimitCheckResponseSchema,
  limitCheckOutcome,
} from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupModeOf } from '../src/services/contracts.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { limitCheckBody, seededAccount } from './support/limit-check.ts';

// The road-journey demo plates of src/db/README.md, run through the contract search and the limit
// check as the PWA runs them (SPEC 4 "Request flow", limitCheckOutcome), so the table never lies.

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

interface DemoCase {
  name: string;
  brand: string;
  accountId: string;
  typed: string;
  checkPlate: string;
  outcome: string;
}

async function demoCases(): Promise<DemoCase[]> {
  const readme = await readFile(new URL('../src/db/README.md', import.meta.url), 'utf8');
  return [
    ...readme.matchAll(
      /^\|\s*(covered|over limit|surplus|wrong plate|no contract)\s*\|\s*([a-z-]+)\s*\|\s*`([0-9a-f]{24})`\s*\|\s*([A-Z0-9-]+)\s*\|\s*([A-Z0-9-]+)\s*\|\s*([^|]+?)\s*\|$/gm,
    ),
  ].map(([, name = '', brand = '', accountId = '', typed = '', checkPlate = '', outcome = '']) => ({
    name,
    brand,
    accountId,
    typed,
    checkPlate,
    outcome,
  }));
}

describe('road-journey demo plates (src/db/README.md)', () => {
  it('lists every case on connect and on a second plate-lookup brand', async () => {
    const cases = await demoCases();
    expect(cases.length).toBeGreaterThanOrEqual(8);
    for (const name of ['covered', 'over limit', 'surplus']) {
      const brands = new Set(cases.filter((c) => c.name === name).map((c) => c.brand));
      expect(brands.has('connect'), name).toBe(true);
      expect(brands.size, name).toBeGreaterThanOrEqual(2);
    }
  });

  it('leads each typed plate to the documented screen', async () => {
    for (const demo of await demoCases()) {
      const label = `${demo.brand} ${demo.typed} (${demo.name})`;
      const account = await seededAccount(t, demo.accountId);
      expect(account.brand, label).toBe(demo.brand);
      const search = await t.app.inject({
        method: 'GET',
        url: '/common/api/v1/dispatch/contracts/',
        headers: appKey,
        query: { search: demo.typed.toLowerCase(), account: demo.accountId, active: 'true' },
      });
      expect(search.statusCode, label).toBe(200);
      const contracts = ContractSearchResponseSchema.parse(search.json()).data;
      let result = null;
      if (contracts[0]) {
        const check = await t.app.inject({
          method: 'POST',
          url: '/common/api/v1/dispatch/contact/checklimit',
          headers: appKey,
          payload: limitCheckBody(account, contracts[0]._id, demo.checkPlate),
        });
        expect(check.statusCode, label).toBe(200);
        result = LimitCheckResponseSchema.parse(check.json()).data;
      }
      const outcome = limitCheckOutcome({
        contractsFound: contracts.length,
        result,
        enteredPlate: demo.checkPlate === '-' ? demo.typed : demo.checkPlate,
        lookupMode: lookupModeOf(demo.brand),
        policyLimitVersion: account.config.policyLimitVersion,
      });
      const [route = '', , surplus] = /^(\S+), (no surplus|surplus (\d+) -> \/payment)$/
        .exec(demo.outcome)
        ?.slice(1) ?? [demo.outcome];
      expect(outcome.to, label).toBe(route);
      expect(outcome.surplus?.amount ?? null, label).toBe(surplus ? Number(surplus) : null);
    }
  });
});
