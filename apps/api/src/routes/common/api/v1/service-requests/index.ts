import {
  ApiErrorSchema,
  CancellationEmailRequestSchema,
  CancellationEmailResponseSchema,
  ConfirmDataRequestSchema,
  ConfirmDataResponseSchema,
  PushOptInRequestSchema,
  PushOptInResponseSchema,
  ServiceIdSchema,
  ServiceRequestPayloadSchema,
  ServiceRequestResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { queueCancellationEmail } from '../../../../../services/cancellation.ts';
import { confirmServiceData } from '../../../../../services/confirm-data.ts';
import {
  createServiceRequest,
  SERVICE_REQUEST_CREATED,
} from '../../../../../services/service-requests/creation.ts';
import { updatePushOptIn } from '../../../../../services/service-requests/updates.ts';

/** SPEC 7 POST /api/v1/service-requests and POST /api/v1/service-requests/cancel. */
const serviceRequestsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['services'],
        summary: 'Create a service from the service-request payload (idempotent on serviceId)',
        description:
          'ARCHITECTURE decision 10: the PWA generates `serviceId`. The same id with the same body ' +
          'answers the stored result again (the same token); a different body for that id is a 409. ' +
          'Keep the returned `token`: every call about the service needs `Authorization: Bearer <token>`. ' +
          'Decision 434: when something is due (the fee or surplus plus tax, computed here), ' +
          '`paymentMethod` is `card` or `ath_movil` and `chargeIdStripe` names the payment, which ' +
          'is checked with its provider before the service is created; nothing is created otherwise. ' +
          'Decision 665: ATH Móvil for Puerto Rico services only; `cash` (no reference, collected ' +
          "by the provider) where the account's `config.cashPaymentAllowed` is set.",
        security: APP_KEY_SECURITY,
        body: ServiceRequestPayloadSchema,
        response: {
          201: ServiceRequestResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.with(
            z.describe(
              'PAYMENT_REQUIRED: something is due and the request names no payment method the ' +
                'account takes (card, ATH Móvil in Puerto Rico, cash where allowed) or no reference',
            ),
          ),
          409: ApiErrorSchema.with(
            z.describe(
              'CONFLICT: this serviceId was already requested with another body. PAYMENT_INVALID: ' +
                'the payment named in chargeIdStripe is unknown to its provider, not completed, of ' +
                'another amount or currency than the total due, for another service, or already used',
            ),
          ),
          503: ApiErrorSchema.with(z.describe('The payment provider did not answer; try again')),
        },
      },
    },
    async (request, reply) => {
      const created = await createServiceRequest(
        app.repositories,
        { serviceTokenKey: app.serverKeys.serviceToken, payments: app.payments.verifier },
        request.body,
      );
      return reply.code(SERVICE_REQUEST_CREATED).send(created);
    },
  );

  app.post(
    '/cancel',
    {
      schema: {
        tags: ['services'],
        summary: 'Queue the cancellation e-mail, with the reason (once per service)',
        description:
          'Decision 477: about a cancelled service only: `serviceId` and `Authorization: Bearer ' +
          '<token>` of that service (401 without a token, 400 without a service, 403 for another ' +
          "service's token, 409 before the cancel call). The e-mail tells the operations mailbox " +
          'what the service holds (number, situation, customer) and the reason given here. ' +
          'Retries queue nothing new.',
        security: APP_KEY_SECURITY,
        body: CancellationEmailRequestSchema,
        response: {
          200: CancellationEmailResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          409: ApiErrorSchema.with(z.describe('The service is not cancelled')),
        },
      },
    },
    (request) =>
      queueCancellationEmail(app.repositories, request.headers.authorization, request.body),
  );

  app.patch(
    '/confirm-data',
    {
      schema: {
        tags: ['services'],
        summary: 'The customer confirms the service\'s data (SPEC 7 "returns status")',
        description:
          'The shared link with type confirmData (SPEC 4). Body `{ serviceId }` with ' +
          '`Authorization: Bearer <token>` of that service; answers `{ status: "confirm" }` and ' +
          'stores it as messageConfirmation.status (decisions 129, 412). Again: nothing new. A ' +
          'finished, cancelled or voided service answers 409.',
        security: APP_KEY_SECURITY,
        body: ConfirmDataRequestSchema,
        response: {
          200: ConfirmDataResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          409: ApiErrorSchema.with(z.describe('The service is closed')),
        },
      },
    },
    (request) =>
      confirmServiceData(app.repositories, request.headers.authorization, request.body.serviceId),
  );

  app.patch(
    '/:id/pushOptIn',
    {
      schema: {
        tags: ['services'],
        summary: "Store the customer's push-notification choice (SPEC 7 {pushOptIn})",
        description:
          'Needs `Authorization: Bearer <token>` of the service (decision 255). The same value ' +
          "again writes nothing. Decision 450: an opt-in may carry the browser's push " +
          '`subscription` (`PushSubscription.toJSON()`: https endpoint, base64url p256dh and ' +
          'auth keys) and the `language` of the notifications; it is stored by endpoint and ' +
          'receives a Web Push notification at each status change. `pushOptIn: false` deletes ' +
          "the service's subscriptions. Decision 503: the endpoint must be https to a public " +
          'address after DNS resolution (400 on `body.subscription.endpoint` otherwise).',
        security: APP_KEY_SECURITY,
        params: z.object({ id: ServiceIdSchema }),
        body: PushOptInRequestSchema,
        response: {
          200: PushOptInResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          503: ApiErrorSchema.with(
            z.describe(
              "The endpoint's host name could not be resolved now (UNAVAILABLE); try again",
            ),
          ),
        },
      },
    },
    (request) =>
      updatePushOptIn(
        app.repositories,
        request.headers.authorization,
        request.params.id,
        request.body,
        app.config.push,
      ),
  );
  done();
};

export default serviceRequestsRoutes;
