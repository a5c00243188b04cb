import { z } from 'zod';
import {
  ApiErrorSchema,
  TokenExchangeRequestSchema,
  TokenExchangeResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../lib/route-schemas.ts';
import { signMemberSession } from '../../../../services/identity/member-session.ts';

/**
 * SPEC 7 `POST /api/mmm-openid/token`: "grant_type authorization_code, client_id, redirect_uri,
 * code_verifier, code; reads data.userInfo" (body `{ userInfo }`, decision 129).
 */
const mmmOpenidRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/token',
    {
      schema: {
        tags: ['sign-in'],
        summary: "Exchange a member's sign-in code for the member's user info",
        description:
          'Exchanges the authorization code (PKCE S256) at the identity provider over HTTP, checks ' +
          'the ID token and reads userinfo (docs/decisions/460). A reused, unknown or expired code, ' +
          'a wrong `code_verifier` or a `redirect_uri` other than the authorize request’s is a 400 ' +
          'with `field` `code`; an unknown `client_id` a 400 with `field` `client_id`. ' +
          "`memberSession` is the member's credential for the contract lookups (2 hours; decision " +
          "417): sent as `Authorization: Bearer <token>`, it opens the member's own contracts.",
        security: APP_KEY_SECURITY,
        body: TokenExchangeRequestSchema,
        response: {
          200: TokenExchangeResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          503: ApiErrorSchema.with(
            z.describe('The identity provider did not answer, or answered badly'),
          ),
        },
      },
    },
    async (request) => {
      const userInfo = await app.identity.exchangeCodeForUserInfo(request.body);
      const memberSession = await signMemberSession(
        app.serverKeys.memberSession,
        userInfo.cardnumber,
      );
      return { userInfo, memberSession };
    },
  );
  done();
};

export default mmmOpenidRoutes;
