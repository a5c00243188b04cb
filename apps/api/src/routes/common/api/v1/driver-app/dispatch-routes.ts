import {
  ApiErrorSchema,
  DriverGiveBackRequestSchema,
  DriverOnlineRequestSchema,
  DriverPositionsAnswerSchema,
  DriverPositionsRequestSchema,
  DriverStateSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { cancelByDriver } from '../../../../../services/dispatch/driver-cancel.ts';
import {
  readDriverState,
  type DriverState,
} from '../../../../../services/dispatch/driver-state.ts';
import { reportPositions, setDriverOnline } from '../../../../../services/dispatch/driver-work.ts';
import { acceptOffer, rejectOffer } from '../../../../../services/dispatch/offers.ts';
import { authenticateDriver } from '../../../../../services/driver-app.ts';
import type { DriverTokenCache } from '../../../../../services/driver-token-cache.ts';
import type { PositionIntake } from '../../../../../services/position-intake.ts';

// The driver app's side of dispatch (docs/decisions/760): its state as a long poll, the online
// switch, answers to offers, batched positions and giving a service back. Every endpoint needs the
// app key and `Authorization: Bearer <driver token>`.

const BEARER_NOTE = 'Needs `x-api-key` and `Authorization: Bearer <driver token>` (decision 230).';

const RESPONSES = {
  ...APP_KEY_ERROR_RESPONSES,
  401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`, or an unknown driver token')),
} as const;

const OFFER_RESPONSES = {
  ...RESPONSES,
  404: ApiErrorSchema.with(z.describe('No offer with that id for this driver')),
  409: ApiErrorSchema.with(
    z.describe('The offer is no longer pending (expired, withdrawn, answered)'),
  ),
} as const;

const OfferParams = z.object({ offerId: z.string().min(1).max(64) });

/** The two answers to an offer, each its own route: `/offers/:offerId/<action>`. */
const OFFER_ANSWERS = [
  {
    action: 'accept',
    answer: acceptOffer,
    summary: 'Takes the offered service: the driver is assigned (trip ACCEPTED)',
    description: BEARER_NOTE,
  },
  {
    action: 'reject',
    answer: rejectOffer,
    summary: 'Declines the offered service: the next driver is offered it',
    description: `${BEARER_NOTE} 409 once the offer's time is over, as for accepting.`,
  },
] as const;

const ServiceParams = z.object({ id: z.string().min(1).max(64) });

/** Longest long poll, in seconds. */
const MAX_WAIT_SECONDS = 25;

export interface DriverDispatchRoutesOptions {
  /** The driver app's positions intake (decision 781), shared with `POST /position`. */
  positions: PositionIntake;
  /** The drivers' tokens lately accepted for positions (decision 792), shared likewise. */
  tokens: DriverTokenCache;
}

const driverDispatchRoutes: FastifyPluginCallbackZod<DriverDispatchRoutesOptions> = (
  app,
  { positions, tokens },
  done,
) => {
  const repos = app.repositories;
  const state = (driverId: string): Promise<DriverState> => readDriverState(repos, driverId);
  const now = () => repos.dispatch.databaseNow();

  app.get(
    '/me',
    {
      schema: {
        tags: ['driver-app'],
        summary: "The driver's state: online, the offer to answer, the trip (a long poll)",
        description: `${BEARER_NOTE} With \`wait\` (1..${MAX_WAIT_SECONDS} s) and \`version\`, answers at once when the state's version differs, else when it changes or after \`wait\` seconds.`,
        security: APP_KEY_SECURITY,
        querystring: z.object({
          wait: z.coerce.number().int().min(1).max(MAX_WAIT_SECONDS).optional(),
          version: z.string().max(64).optional(),
        }),
        response: { 200: DriverStateSchema, ...RESPONSES },
      },
    },
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      const { wait, version } = request.query;
      if (!wait || version === undefined) return state(driver.id);
      // LISTEN before the first read, and a mark before each read: a change committed after a read
      // wakes the wait, even when its NOTIFY arrives before the wait begins.
      await app.dispatch.ready().catch(() => undefined);
      const wakeups = app.dispatch.wakeups;
      const deadline = Date.now() + wait * 1000;
      const closed = new AbortController();
      request.raw.once('close', () => {
        closed.abort();
      });
      for (;;) {
        const since = wakeups.mark();
        const current = await state(driver.id);
        const left = deadline - Date.now();
        if (current.version !== version || left <= 0) return current;
        if (app.dispatch.closing() || closed.signal.aborted) return current;
        const serviceIds = [current.offer?.serviceId, current.trip?.serviceId].filter(
          (id): id is string => id !== undefined,
        );
        await wakeups.wait(driver.id, serviceIds, left, closed.signal, since);
      }
    },
  );

  app.post(
    '/online',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'Online for offers or not; going offline rejects the pending offer',
        description: `${BEARER_NOTE} A trip under way stays when the driver goes offline.`,
        security: APP_KEY_SECURITY,
        body: DriverOnlineRequestSchema,
        response: { 200: DriverStateSchema, ...RESPONSES },
      },
    },
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      await setDriverOnline(repos, driver, request.body.online, await now());
      if (request.body.online) app.dispatch.kick();
      return state(driver.id);
    },
  );

  for (const { action, answer, summary, description } of OFFER_ANSWERS) {
    app.post(
      `/offers/:offerId/${action}`,
      {
        schema: {
          tags: ['driver-app'],
          summary,
          description,
          security: APP_KEY_SECURITY,
          params: OfferParams,
          response: { 200: DriverStateSchema, ...OFFER_RESPONSES },
        },
      },
      async (request) => {
        const driver = await authenticateDriver(repos, request.headers.authorization);
        await answer(repos, driver, request.params.offerId, await now());
        return state(driver.id);
      },
    );
  }

  app.post(
    '/positions',
    {
      schema: {
        tags: ['driver-app'],
        summary: "A batch of the driver's positions, oldest first (idempotent by `at`)",
        description: `${BEARER_NOTE} A fix not newer than the driver's last one is ignored (also across batches sent at once); fixes worse than 20 m are not used (SPEC 5). The customer of the driver's trip gets one position event per batch, its newest fix.`,
        security: APP_KEY_SECURITY,
        body: DriverPositionsRequestSchema,
        response: { 200: DriverPositionsAnswerSchema, ...RESPONSES },
      },
    },
    (request) =>
      tokens.withDriver(request.headers.authorization, async (driver) => {
        const fixes = request.body.positions.map((fix) => ({ ...fix, at: new Date(fix.at) }));
        return reportPositions(positions, driver, fixes, await now());
      }),
  );

  app.post(
    '/services/:id/cancel',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'The driver gives the service back (SPEC 4 cancelled_by_driver): dispatch again',
        description: `${BEARER_NOTE} The customer's screen goes back to looking for a provider; this driver is not offered the service again.`,
        security: APP_KEY_SECURITY,
        params: ServiceParams,
        body: DriverGiveBackRequestSchema,
        response: {
          200: DriverStateSchema,
          ...RESPONSES,
          403: ApiErrorSchema.with(z.describe('The service is not assigned to this driver')),
          409: ApiErrorSchema.with(z.describe('The service is not Active or its trip finished')),
        },
      },
    },
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      await cancelByDriver(repos, driver, request.params.id, await now());
      const reason = request.body?.reason;
      request.log.info(
        { driverId: driver.id, serviceId: request.params.id, reason },
        'driver gave a service back',
      );
      app.dispatch.kick();
      return state(driver.id);
    },
  );

  done();
};

export default driverDispatchRoutes;
