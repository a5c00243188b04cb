import { ApiErrorSchema, DriverSessionSchema, DriverSignInRequestSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { authenticateDriver } from '../../../../../services/driver-app.ts';
import { signInDriver, signOutDriver } from '../../../../../services/identity/driver-session.ts';

// Driver sign-in and sign-out of the driver app (docs/decisions/761), next to the driver-app routes
// under the same prefix: one OpenID Connect sign-in gives the driver a driver-app token.

const driverSessionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const rule = {
    claim: app.config.identity.driverRoleClaim,
    role: app.config.identity.driverRole,
  };

  app.post(
    '/session',
    {
      schema: {
        tags: ['driver-app'],
        summary: "Exchange a driver's sign-in code for a driver-app token",
        description:
          'The authorization code (PKCE S256) of the driver app is exchanged at the identity ' +
          'provider like a member’s; the account needs the driver role claim ' +
          '(`OIDC_DRIVER_ROLE_CLAIM`, `OIDC_DRIVER_ROLE`) and a driver whose `oidc_subject` is ' +
          'its subject. Answers a new driver token (the previous one stops working), sent as ' +
          '`Authorization: Bearer <token>` to the other driver-app routes. Needs only `x-api-key`.',
        security: APP_KEY_SECURITY,
        body: DriverSignInRequestSchema,
        response: {
          200: DriverSessionSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The account is not a driver of the fleet')),
          503: ApiErrorSchema.with(
            z.describe('The identity provider did not answer, or answered badly'),
          ),
        },
      },
    },
    async (request) =>
      signInDriver(
        {
          identity: app.identity,
          db: app.database.db,
          repos: app.repositories,
          rule,
        },
        request.body,
      ),
  );

  app.delete(
    '/session',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'Sign the driver out: the token stops working and the driver goes offline',
        description: 'Needs `Authorization: Bearer <driver token>` (docs/decisions/230).',
        security: APP_KEY_SECURITY,
        response: {
          204: z.null().describe('Signed out'),
          ...APP_KEY_ERROR_RESPONSES,
          401: ApiErrorSchema.with(
            z.describe('Missing or wrong `x-api-key`, or a missing or unknown driver token'),
          ),
        },
      },
    },
    async (request, reply) => {
      const driver = await authenticateDriver(app.repositories, request.headers.authorization);
      await signOutDriver(app.database.db, app.repositories, driver);
      return reply.code(204).send(null);
    },
  );
  done();
};

export default driverSessionRoutes;
