import { randomUUID } from 'node:crypto';
import { BRANDS } from '@auxilio/brands';
import {
  BranchSchema,
  currencyOf,
  endDateAfterSurvey,
  findInvalidSurveyAnswer,
  isServicePerformed,
  isTippingAllowed,
  parseTripStatus,
  providerRatingOf,
  ServiceStatusSchema,
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
import { hashRequestBody } from '../lib/request-hash.ts';
import type { PaymentVerifier, VerifiedPayment } from './payments/payment-verification.ts';
import { authorizeService } from './service-tokens.ts';

// SPEC 7 POST /surveys ("{answers, comments, serviceId}; success by status") and POST /tips
// ("payload not shown", decision 126). Decision 254.

type Repos = Pick<Repositories, 'services' | 'tips'>;

function brandOf(service: Pick<ServiceRow, 'brand'>): Brand | undefined {
  return BRANDS.find((brand) => brand.slug === service.brand);
}

/**
 * Only a performed service can be rated or tipped (decision 478): a service still on its way, or
 * voided or cancelled, answers 409 and nothing is written.
 */
function refuseUnperformed(service: ServiceRow, what: string): void {
  const status = ServiceStatusSchema.safeParse(service.status).data;
  const tripStatus = parseTripStatus(service.tripStatus);
  if (!status || !isServicePerformed({ status, tripStatus })) {
    throw new AppError(
      'CONFLICT',
      `A service that is ${service.status} (trip ${service.tripStatus}) cannot get a ${what} yet`,
    );
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
  const outcome = await repos.services.submitSurvey(
    {
      id: randomUUID(),
      serviceId: body.serviceId,
      answers: body.answers,
      comments: body.comments,
    },
    (service) => {
      refuseUnperformed(service, 'survey');
      const endDate = endDateAfterSurvey({
        endDate: service.endDate?.toISOString() ?? null,
        surveyEndsService: true,
        now,
      });
      return {
        patch: { surveysAnswered: true, endDate: endDate ? new Date(endDate) : null },
        event: { answered: true, endDate, providerRating: providerRatingOf(body.answers) },
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
 * A tip is for a performed service (decision 478) whose brand, branch and type allow one (SPEC 4),
 * in the service's currency: its branch's (SPEC 9, `currencyOf`), never the client's word
 * (decision 655).
 */
function checkTippable(
  service: ServiceRow,
  tip: Pick<TipRequest, 'currency'>,
  currencyField = 'body.currency',
): void {
  refuseUnperformed(service, 'tip');
  const branch = BranchSchema.safeParse(service.branch).data;
  const currency = branch ? currencyOf(branch) : service.currency;
  if (tip.currency !== currency) {
    throw new AppError(
      'BAD_REQUEST',
      `A tip for a service of branch ${service.branch} is given in ${currency}, not in ${tip.currency}`,
      currencyField,
    );
  }
  const brand = brandOf(service);
  const situation = ServiceTypeNameSchema.safeParse(service.situation).data;
  if (!brand || !branch || !situation || !isTippingAllowed({ brand, branch, situation })) {
    throw new AppError('CONFLICT', 'Tipping is not allowed for this service');
  }
}

/**
 * Before a tip is charged (card intent, mobile payment): the service it is for can take it
 * (decision 478), so the customer is never charged for a tip that `/tips` would then refuse.
 */
export async function assertTippable(
  repos: Pick<Repositories, 'services'>,
  serviceId: string,
  tip: Pick<TipRequest, 'currency'>,
): Promise<void> {
  const record = await repos.services.findById(serviceId);
  if (!record) throw forbidden();
  checkTippable(record.service, tip, 'body.purpose.currency');
}

/**
 * The payment of a tip paid by card or ATH Móvil, checked with its provider (decision 434): the
 * tip's amount, in the service's currency, made for this service. Cash is paid to the driver.
 */
async function verifiedTipPayment(
  verifier: Pick<PaymentVerifier, 'verify'>,
  service: ServiceRow,
  body: TipRequest,
): Promise<VerifiedPayment | null> {
  if (body.paymentMethod === 'cash') return null;
  // checkTippable made sure the tip is in the service's currency.
  return verifier.verify(
    { method: body.paymentMethod, reference: body.chargeIdStripe, field: 'body.chargeIdStripe' },
    { serviceId: service.id, purpose: 'tip', amountCents: body.amount, currency: body.currency },
  );
}

/**
 * Records the one tip of a service (decision 254): amount in cents, how it is paid and, for a card
 * or ATH Móvil, the payment, checked with its provider and claimed with the tip (decision 434).
 * Refused (409) when the brand, branch or service type does not allow tips (SPEC 4) or the service
 * was not performed (decision 478). The same body again answers the stored tip; a different one
 * is a 409, so a retry never records or charges twice.
 */
export async function recordTip(
  repos: Repos,
  verifier: Pick<PaymentVerifier, 'verify'>,
  authorization: string | undefined,
  body: TipRequest,
): Promise<TipResponse> {
  await authorizeService(repos, authorization, body.serviceId);
  const requestHash = hashRequestBody(body);
  const record = await repos.services.findById(body.serviceId);
  if (!record) throw forbidden();
  const stored = await repos.tips.findByService(body.serviceId);
  if (stored) {
    if (stored.requestHash !== requestHash) {
      throw new AppError('CONFLICT', 'This service already has a different tip');
    }
    return toTipResponse(stored);
  }
  // Checked before the provider is asked, and again on the locked row when the tip is written.
  checkTippable(record.service, body);
  const paid = await verifiedTipPayment(verifier, record.service, body);
  const outcome = await repos.services.recordTip(
    {
      id: randomUUID(),
      serviceId: body.serviceId,
      amountCents: body.amount,
      currency: body.currency,
      paymentType: body.paymentMethod,
      // Decision 434: charged only once its provider confirmed it; cash is collected by the driver.
      status: paid ? 'charged' : 'pending',
      chargeIdStripe: paid ? body.chargeIdStripe : null,
      cardIdStripe: paid?.cardId ?? null,
      customerIdStripe: paid?.customerId ?? null,
      requestHash,
    },
    paid?.claim,
    (service) => {
      checkTippable(service, body);
    },
  );
  if (outcome.kind === 'no-service') throw forbidden();
  if (outcome.kind === 'claimed') {
    throw new AppError(
      'PAYMENT_INVALID',
      'This payment already pays for something else',
      'body.chargeIdStripe',
    );
  }
  if (outcome.kind === 'existing' && outcome.tip.requestHash !== requestHash) {
    throw new AppError('CONFLICT', 'This service already has a different tip');
  }
  return toTipResponse(outcome.tip);
}
