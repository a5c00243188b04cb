import { randomUUID } from 'node:crypto';
import { BRANDS } from '@auxilio/brands';
import {
  BranchSchema,
  endDateAfterSurvey,
  findInvalidSurveyAnswer,
  isTippingAllowed,
  providerRatingOf,
  ServiceTypeNameSchema,
  type Brand,
  type SurveySubmitRequest,
  type TipRequest,
  type TipResponse,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceRow } from '../repositories/services.ts';
import type { TipRow } from '../repositories/tips.ts';
import { hashRequestBody } from './service-requests.ts';
import { authorizeService } from './service-tokens.ts';

// SPEC 7 POST /surveys ("{answers, comments, serviceId}; success by status") and POST /tips
// ("payload not shown", decision 126). Decision 254.

type Repos = Pick<Repositories, 'services' | 'surveys' | 'tips'>;

function brandOf(service: Pick<ServiceRow, 'brand'>): Brand | undefined {
  return BRANDS.find((brand) => brand.slug === service.brand);
}

/** A voided or cancelled service was never performed: there is nothing to rate or tip. */
function refuseCancelled(service: ServiceRow, what: string): void {
  if (service.status === 'Void' || service.status === 'Cancelled') {
    throw new AppError('CONFLICT', `A service that is ${service.status} cannot get a ${what}`);
  }
}

function forbidden(): AppError {
  return new AppError('FORBIDDEN', 'This token does not give access to that service');
}

/**
 * Stores the survey of a service once: marks `surveys.answered`, stamps the end date when the
 * service has none (SPEC 4 "A survey ending a service stamps its end date"; decision 111, the first
 * stamp wins) and appends a `survey` event. Answers are checked against the brand's questions
 * (SPEC 5 limits, decision 113). A second submission answers the same and changes nothing.
 */
export async function submitSurvey(
  repos: Repos,
  authorization: string | undefined,
  body: SurveySubmitRequest,
  now: Date = new Date(),
): Promise<{ answered: true }> {
  await authorizeService(repos, authorization, body.serviceId);
  const record = await repos.services.findById(body.serviceId);
  if (!record) throw forbidden();
  const questions = brandOf(record.service)?.survey.questions ?? [];
  const invalid = findInvalidSurveyAnswer(body.answers, questions);
  if (invalid) {
    throw new AppError(
      'BAD_REQUEST',
      `'${invalid}' is not a valid answer to this brand's survey`,
      `body.answers.${invalid}`,
    );
  }
  const outcome = await repos.surveys.submitOnce(
    {
      id: randomUUID(),
      serviceId: body.serviceId,
      answers: body.answers,
      comments: body.comments,
    },
    (service) => {
      refuseCancelled(service, 'survey');
      const endDate = endDateAfterSurvey({
        endDate: service.endDate?.toISOString() ?? null,
        surveyEndsService: true,
        now,
      });
      return {
        servicePatch: { surveysAnswered: true, endDate: endDate ? new Date(endDate) : null },
        event: {
          type: 'survey',
          payload: { answered: true, endDate, providerRating: providerRatingOf(body.answers) },
        },
      };
    },
  );
  if (outcome === 'no-service') throw forbidden();
  return { answered: true };
}

function toTipResponse(tip: TipRow): TipResponse {
  return { tipId: tip.id, serviceId: tip.serviceId, amount: tip.amountCents };
}

/**
 * Records the one tip of a service (decision 254): amount in cents, how it is paid and, for a card,
 * the payment provider's references. Refused (409) when the brand, branch or service type does not
 * allow tips (SPEC 4) or the service was cancelled. The same body again answers the stored tip; a
 * different one is a 409, so a retry never records or charges twice.
 */
export async function recordTip(
  repos: Repos,
  authorization: string | undefined,
  body: TipRequest,
): Promise<TipResponse> {
  await authorizeService(repos, authorization, body.serviceId);
  const requestHash = hashRequestBody(body);
  const outcome = await repos.tips.recordOnce(
    {
      id: randomUUID(),
      serviceId: body.serviceId,
      amountCents: body.amount,
      currency: body.currency,
      paymentType: body.paymentMethod,
      // A card tip was charged by the card payment provider before this call (decision 126).
      status: body.paymentMethod === 'card' ? 'charged' : 'pending',
      chargeIdStripe: body.chargeIdStripe,
      cardIdStripe: body.cardIdStripe,
      customerIdStripe: body.customerIdStripe,
      requestHash,
    },
    (service) => {
      refuseCancelled(service, 'tip');
      if (service.currency !== body.currency) {
        throw new AppError(
          'BAD_REQUEST',
          `The service is paid in ${service.currency}`,
          'body.currency',
        );
      }
      const brand = brandOf(service);
      const branch = BranchSchema.safeParse(service.branch).data;
      const situation = ServiceTypeNameSchema.safeParse(service.situation).data;
      if (!brand || !branch || !situation || !isTippingAllowed({ brand, branch, situation })) {
        throw new AppError('CONFLICT', 'Tipping is not allowed for this service');
      }
    },
  );
  if (outcome.kind === 'no-service') throw forbidden();
  if (outcome.kind === 'existing' && outcome.tip.requestHash !== requestHash) {
    throw new AppError('CONFLICT', 'This service already has a different tip');
  }
  return toTipResponse(outcome.tip);
}
