import {
  ApiErrorSchema,
  DispatcherProfileSchema,
  DispatcherSessionSchema,
  DispatcherSignInRequestSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import {
  authenticateDispatcher,
  dispatcherTokenOf,
  profileOf,
} from '../../../../../services/dispatcher/dispatcher-auth.ts';
import {
  signInDispatcher,
  signOutDispatcher,
} from '../../../../../services/identity/dispatcher-session.ts';
import { UNAUTHORIZED_RESPONSE } from './action-schemas.ts';

// Sign-in and sign-out of the dispatcher's console (docs/decisions/762), and who is signed in:
// one OpenID Connect sign-in gives a session token for a shift, sent as `Authorization: Bearer`.

const sessionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const rule = {
    claim: app.config.identity.dispatcherRoleClaim,
    role: app.config.identity.dispatcherRole,
  };

  app.post(
    '/session',
    {
      schema: {
        tags: ['dispatcher'],
        summary: "Exchange a dispatcher's sign-in code for a console session",
        description:
          'The authorization code (PKCE S256) of the console is exchanged at the identity ' +
          'provider like a driver’s; the account needs the dispatcher role claim ' +
          '(`OIDC_DISPATCHER_ROLE_CLAIM`, `OIDC_DISPATCHER_ROLE`) and an active dispatcher whose ' +
          '`oidc_subject` is its subject. Answers a session token valid for 12 hours, sent as ' +
          '`Authorization: Bearer <token>` to the other console routes (`?token=` on streams), ' +
          "and the dispatcher's scope. Needs only `x-api-key`.",
        security: APP_KEY_SECURITY,
        body: DispatcherSignInRequestSchema,
        response: {
          200: DispatcherSessionSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The account is not a dispatcher')),
          503: ApiErrorSchema.with(
            z.describe('The identity provider did not answer, or answered badly'),
          ),
        },
      },
    },
    async (request) =>
      signInDispatcher(
        { identity: app.identity, repos: app.repositories, rule, log: request.log },
        request.body,
      ),
  );

  app.delete(
    '/session',
    {
      schema: {
        tags: ['dispatcher'],
        summary: "Sign out: this console's token stops working",
        description: 'Needs `Authorization: Bearer <dispatcher token>`.',
        security: APP_KEY_SECURITY,
        response: {
          204: z.null().describe('Signed out'),
          ...APP_KEY_ERROR_RESPONSES,
          ...UNAUTHORIZED_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const token = dispatcherTokenOf(request.headers.authorization, undefined);
      await authenticateDispatcher(app.repositories, token, request.log);
      await signOutDispatcher(app.repositories, token ?? '');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'The signed-in dispatcher and the scope every answer is limited to',
        description: 'Needs `Authorization: Bearer <dispatcher token>`.',
        security: APP_KEY_SECURITY,
        response: {
          200: DispatcherProfileSchema,
          ...APP_KEY_ERROR_RESPONSES,
          ...UNAUTHORIZED_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const context = await authenticateDispatcher(
        app.repositories,
        dispatcherTokenOf(request.headers.authorization, undefined),
        request.log,
      );
      void reply.header('cache-control', 'no-store');
      return profileOf(context);
    },
  );
  done();
};

export default sessionRoutes;
