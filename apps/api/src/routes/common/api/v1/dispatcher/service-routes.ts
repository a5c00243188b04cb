import {
  AssignServiceRequestSchema,
  CustomerContactSchema,
  DispatcherCancelRequestSchema,
  DispatcherServiceDetailSchema,
  DispatcherTextAnswerSchema,
  DispatcherTextRequestSchema,
  DriverSuggestionsSchema,
  OpenContactRequestSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignService } from '../../../../../services/dispatcher/assignment.ts';
import { cancelServiceByDispatcher } from '../../../../../services/dispatcher/cancel.ts';
import { openCustomerContact } from '../../../../../services/dispatcher/contact.ts';
import { readServiceDetail } from '../../../../../services/dispatcher/service-detail.ts';
import { suggestDrivers } from '../../../../../services/dispatcher/suggestions.ts';
import { IDEMPOTENCY_KEY_MAX, textCustomer } from '../../../../../services/dispatcher/texts.ts';
import {
  CONFLICT_RESPONSE,
  DISPATCHER_NOTE,
  DISPATCHER_RESPONSES,
  DISPATCHER_SECURITY,
  dispatcherOf,
  ServiceParamsSchema,
} from './action-schemas.ts';

// One service at the console (docs/decisions/762): its detail, the customer's contact (logged),
// the engine's suggestions, and the dispatcher's actions on it: assign, cancel, text. Every action
// writes its audit line in the action's own transaction: the change and its line, or neither.

const serviceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repos = app.repositories;

  app.get(
    '/services/:id',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'A service of the scope: board row, places, masked contact, history and audit',
        description: `${DISPATCHER_NOTE} Open or closed.`,
        security: DISPATCHER_SECURITY,
        params: ServiceParamsSchema,
        response: { 200: DispatcherServiceDetailSchema, ...DISPATCHER_RESPONSES },
      },
    },
    async (request) =>
      readServiceDetail(repos, await dispatcherOf(app, request), request.params.id),
  );

  app.post(
    '/services/:id/contact',
    {
      schema: {
        tags: ['dispatcher'],
        summary: "Opens the customer's full contact (written to the audit log)",
        description: DISPATCHER_NOTE,
        security: DISPATCHER_SECURITY,
        params: ServiceParamsSchema,
        body: OpenContactRequestSchema,
        response: { 200: CustomerContactSchema, ...DISPATCHER_RESPONSES },
      },
    },
    async (request) =>
      openCustomerContact(
        repos,
        await dispatcherOf(app, request),
        request.params.id,
        request.body.reason,
      ),
  );

  app.get(
    '/services/:id/suggestions',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'Drivers the engine would offer the service to, nearest by ETA first (10 at most)',
        description: DISPATCHER_NOTE,
        security: DISPATCHER_SECURITY,
        params: ServiceParamsSchema,
        response: { 200: DriverSuggestionsSchema, ...DISPATCHER_RESPONSES },
      },
    },
    async (request) => ({
      suggestions: await suggestDrivers(repos, await dispatcherOf(app, request), request.params.id),
    }),
  );

  app.post(
    '/services/:id/assignment',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'Assigns (or reassigns) the service to a driver at once',
        description:
          `${DISPATCHER_NOTE} The driver must be online, free and in the service's branch (409 ` +
          'otherwise); a pending offer is withdrawn and a previous driver freed. The same driver ' +
          'again changes nothing. Answers the service as `GET /services/{id}` does.',
        security: DISPATCHER_SECURITY,
        params: ServiceParamsSchema,
        body: AssignServiceRequestSchema,
        response: {
          200: DispatcherServiceDetailSchema,
          ...DISPATCHER_RESPONSES,
          ...CONFLICT_RESPONSE,
        },
      },
    },
    async (request) =>
      assignService(repos, await dispatcherOf(app, request), request.params.id, request.body),
  );

  app.post(
    '/services/:id/cancellation',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'Cancels the service (Void) with a reason; its driver is freed',
        description:
          `${DISPATCHER_NOTE} Cancelling it again answers it unchanged; a finished service is a ` +
          "409. The customer reads `cancelled_by_dispatcher` as the reason; the dispatcher's " +
          'reason is kept in the audit line and shown in the detail.',
        security: DISPATCHER_SECURITY,
        params: ServiceParamsSchema,
        body: DispatcherCancelRequestSchema,
        response: {
          200: DispatcherServiceDetailSchema,
          ...DISPATCHER_RESPONSES,
          ...CONFLICT_RESPONSE,
        },
      },
    },
    async (request) =>
      cancelServiceByDispatcher(
        repos,
        await dispatcherOf(app, request),
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/services/:id/messages',
    {
      schema: {
        tags: ['dispatcher'],
        summary: "Texts the customer's phone (queued in the SMS outbox)",
        description:
          `${DISPATCHER_NOTE} With an \`Idempotency-Key\` header, a retry of the same request ` +
          'queues nothing new and answers the same message. 409 when the service has no phone.',
        security: DISPATCHER_SECURITY,
        params: ServiceParamsSchema,
        headers: z.looseObject({
          'idempotency-key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX).optional(),
        }),
        body: DispatcherTextRequestSchema,
        response: {
          201: DispatcherTextAnswerSchema,
          ...DISPATCHER_RESPONSES,
          ...CONFLICT_RESPONSE,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await textCustomer(
            repos,
            await dispatcherOf(app, request),
            request.params.id,
            request.body.text,
            request.headers['idempotency-key'],
          ),
        ),
  );

  done();
};

export default serviceRoutes;
