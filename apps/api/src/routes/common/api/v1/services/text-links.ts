import {
  ApiErrorSchema,
  ServiceIdSchema,
  TextLinkExchangeRequestSchema,
  TextLinkExchangeResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { exchangeTextLink } from '../../../../../services/text-links.ts';
import { SHARED_LINK_HEADERS } from '../../../../../services/web-shell.ts';

// Links in the texts sent to the customer (docs/decisions/610): the page that opens one trades its
// signed token for the service's session. Answered like the other link-bearing answers: never
// cached, never indexed, never in a Referer (decision 474).

const textLinksRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/:id/text-link',
    {
      schema: {
        tags: ['services'],
        summary: "Open a service from the link of a text sent to the customer's phone",
        description:
          'Body `{linkToken, purpose}`: the `t` of a texted link and the purpose of the page that ' +
          'opens it (`tracking` and `confirmData` on `/{serviceId}`, `secondStop` on ' +
          '`/get-service/{id}`). Answers the service session the customer holds (id, number, ' +
          'account, brand, bearer token) and when the link stops working; no personal data. A ' +
          "link works 7 days at most, and until 24 h after its service ends; the service's " +
          'access being replaced revokes it.',
        security: APP_KEY_SECURITY,
        params: z.object({ id: ServiceIdSchema }),
        body: TextLinkExchangeRequestSchema,
        response: {
          200: TextLinkExchangeResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(
            z.describe(
              'The link is not valid: another service or purpose, not signed here, or revoked',
            ),
          ),
          410: ApiErrorSchema.with(
            z.describe('The link expired, or its service ended more than 24 h ago'),
          ),
        },
      },
    },
    async (request, reply) => {
      reply.headers({ ...SHARED_LINK_HEADERS, 'cache-control': 'no-store' });
      return exchangeTextLink(app.repositories, app.serverKeys, request.params.id, request.body);
    },
  );
  done();
};

export default textLinksRoutes;
