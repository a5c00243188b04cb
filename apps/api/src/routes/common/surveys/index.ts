import { z } from 'zod';
import {
  ApiErrorSchema,
  SurveySubmitRequestSchema,
  SurveySubmitResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { submitSurvey } from '../../../services/surveys-and-tips.ts';

/** SPEC 7 POST /surveys. */
const surveysRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['post-service'],
        summary: "Answer the service's survey (once; a retry answers the same)",
        description:
          'Needs `Authorization: Bearer <token>` of the service. Each answer must fit the ' +
          "brand's question of that key (decision 113); marks `surveys.answered` and stamps the " +
          'end date when the service has none (decision 254). Only a performed service is rated: ' +
          'Finished or Pending Audit, or its trip FINISHED (409 otherwise, decision 478).',
        security: APP_KEY_SECURITY,
        body: SurveySubmitRequestSchema,
        response: {
          200: SurveySubmitResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          409: ApiErrorSchema.with(z.describe('The service is not finished yet, or was cancelled')),
        },
      },
    },
    (request) => submitSurvey(app.repositories, request.headers.authorization, request.body),
  );
  done();
};

export default surveysRoutes;
