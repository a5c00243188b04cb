import { ApiErrorSchema, TipResponseSchema, type TipRequest } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, surveys, tips } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  type CreatedService,
  createService,
  finishService,
  serviceEventsOf,
  serviceRow,
  setServiceStatus,
} from './support/journey-service.ts';
import { sandboxCharge } from './support/sandbox-payment.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 POST /surveys and POST /tips; SPEC 4 "A survey ending a service stamps its end date";
// SPEC 5 survey limits; decisions 111, 113, 126 and 254.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function post(url: string, service: CreatedService, body: unknown, headers = service.headers) {
  return t.app.inject({ method: 'POST', url, headers, payload: body as Record<string, unknown> });
}

describe('POST /common/surveys', () => {
  const answers = { provider: 5, recommendationScore: 9 };

  it('marks the survey answered, stamps the end date, appends one event; a retry changes nothing', async () => {
    const service = await createService(t, CONNECT_PR);
    // The driver finished the trip; the back office has not closed the service yet.
    await t.db.db
      .update(services)
      .set({ tripStatus: 'FINISHED' })
      .where(eq(services.id, service.id));
    const first = await post('/common/surveys', service, {
      answers,
      comments: 'Muy amable',
      serviceId: service.id,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ answered: true });
    const after = await serviceRow(t, service.id);
    expect(after?.surveysAnswered).toBe(true);
    expect(after?.endDate).toBeInstanceOf(Date);

    const again = await post('/common/surveys', service, {
      answers: { provider: 1 },
      comments: 'otra',
      serviceId: service.id,
    });
    expect(again.json()).toEqual({ answered: true });
    const stored = await t.db.db.select().from(surveys).where(eq(surveys.serviceId, service.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ answers, comments: 'Muy amable' });
    expect(await serviceEventsOf(t, service.id, 'survey')).toHaveLength(1);
    expect((await serviceRow(t, service.id))?.endDate).toEqual(after?.endDate);
  });

  it('decision 111: keeps an end date the driver already stamped', async () => {
    const service = await createService(t, CONNECT_PR);
    const finishedAt = new Date('2026-11-20T10:00:00.000Z');
    await t.db.db
      .update(services)
      .set({ status: 'Finished', endDate: finishedAt })
      .where(eq(services.id, service.id));
    const res = await post('/common/surveys', service, {
      answers,
      comments: '',
      serviceId: service.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await serviceRow(t, service.id))?.endDate).toEqual(finishedAt);
  });

  it.each([
    ['stars above 5 (SPEC 5)', { answers: { provider: 6 } }, 'body.answers.provider'],
    [
      'a question the brand does not ask',
      { answers: { coordinator: 3 } },
      'body.answers.coordinator',
    ],
    [
      'a numeric text',
      { answers: { recommendationScore: '7' } },
      'body.answers.recommendationScore',
    ],
    ['a comment over 255 characters', { comments: 'x'.repeat(256) }, 'body.comments'],
  ])('answers 400 naming the field for %s, storing nothing', async (_case, change, field) => {
    const service = await createService(t, CONNECT_PR);
    const res = await post('/common/surveys', service, {
      answers,
      comments: '',
      serviceId: service.id,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    expect((await serviceRow(t, service.id))?.surveysAnswered).toBe(false);
  });

  it('needs the service token and refuses a voided service', async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    const body = { answers, comments: '', serviceId: service.id };
    expect((await post('/common/surveys', service, body, other.headers)).statusCode).toBe(403);
    await setServiceStatus(t, service.id, 'Void');
    expect((await post('/common/surveys', service, body)).statusCode).toBe(409);
    expect((await serviceRow(t, service.id))?.surveysAnswered).toBe(false);
  });

  it.each([
    ['Queued', 'NEW'],
    ['Active', 'ON_ROUTE'],
    ['Active', 'ARRIVED'],
  ])(
    'decision 478: refuses a survey while the service is %s (trip %s), storing nothing',
    async (status, tripStatus) => {
      const service = await createService(t, CONNECT_PR);
      await t.db.db.update(services).set({ status, tripStatus }).where(eq(services.id, service.id));
      const res = await post('/common/surveys', service, {
        answers,
        comments: '',
        serviceId: service.id,
      });
      expect(res.statusCode).toBe(409);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('CONFLICT');
      expect((await serviceRow(t, service.id))?.surveysAnswered).toBe(false);
      expect(await t.db.db.select().from(surveys).where(eq(surveys.serviceId, service.id))).toEqual(
        [],
      );
    },
  );
});

describe('POST /common/tips', () => {
  function tip(service: CreatedService, change: Partial<TipRequest> = {}): TipRequest {
    return {
      serviceId: service.id,
      amount: 300,
      currency: 'usd',
      paymentMethod: 'card',
      cardIdStripe: null,
      chargeIdStripe: 'ch_sandbox_not_a_payment',
      customerIdStripe: null,
      ...change,
    };
  }

  /** A performed service of the connect brand (tips allowed), ready to be tipped. */
  async function finished(overrides: Parameters<typeof createService>[2] = {}) {
    const service = await createService(t, CONNECT_PR, overrides);
    await finishService(t, service.id);
    return service;
  }

  it('records the tip on the service once; the same body again answers the same tip', async () => {
    const service = await finished();
    const chargeId = await sandboxCharge(t, 300, 'usd');
    const first = await post('/common/tips', service, tip(service, { chargeIdStripe: chargeId }));
    expect(first.statusCode).toBe(200);
    const answer = TipResponseSchema.parse(first.json());
    expect(answer).toMatchObject({ serviceId: service.id, amount: 300 });
    const again = await post('/common/tips', service, tip(service, { chargeIdStripe: chargeId }));
    expect(TipResponseSchema.parse(again.json())).toEqual(answer);
    const rows = await t.db.db.select().from(tips).where(eq(tips.serviceId, service.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: answer.tipId,
      amountCents: 300,
      paymentType: 'card',
      chargeIdStripe: chargeId,
      status: 'charged',
    });
    expect(await serviceEventsOf(t, service.id, 'tip')).toHaveLength(1);
    const different = await post('/common/tips', service, tip(service, { amount: 500 }));
    expect(different.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(different.json()).code).toBe('CONFLICT');
  });

  it('records a cash tip without card references', async () => {
    const service = await finished();
    const body = tip(service, {
      paymentMethod: 'cash',
      cardIdStripe: null,
      chargeIdStripe: null,
      customerIdStripe: null,
    });
    expect((await post('/common/tips', service, body)).statusCode).toBe(200);
    const [row] = await t.db.db.select().from(tips).where(eq(tips.serviceId, service.id));
    expect(row).toMatchObject({ paymentType: 'cash', chargeIdStripe: null, status: 'pending' });
  });

  it.each([
    ['a card tip without a charge id', { chargeIdStripe: null }, 'body.chargeIdStripe'],
    ['a zero amount', { amount: 0 }, 'body.amount'],
    ['an amount over 100.00', { amount: 10_001 }, 'body.amount'],
    ['another currency than the service', { currency: 'crc' as const }, 'body.currency'],
  ])('answers 400 naming the field for %s, recording nothing', async (_case, change, field) => {
    const service = await finished();
    const res = await post('/common/tips', service, tip(service, change));
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    expect(await t.db.db.select().from(tips).where(eq(tips.serviceId, service.id))).toEqual([]);
  });

  it('SPEC 4: refuses a tip where the brand does not allow one, or on a voided service', async () => {
    // Refused for the rule itself (CONFLICT), before any payment is looked at (PAYMENT_INVALID).
    const refusal = async (service: CreatedService) => {
      const res = await post('/common/tips', service, tip(service));
      expect(res.statusCode).toBe(409);
      return ApiErrorSchema.parse(res.json()).code;
    };
    const inspection = await finished({ situation: 'inspections' });
    expect(await refusal(inspection)).toBe('CONFLICT');
    const voided = await createService(t, CONNECT_PR);
    await setServiceStatus(t, voided.id, 'Void');
    expect(await refusal(voided)).toBe('CONFLICT');
    const other = await createService(t, CONNECT_PR);
    expect((await post('/common/tips', voided, tip(voided), other.headers)).statusCode).toBe(403);
  });
});
