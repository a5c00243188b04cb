import { SurveySubmitResponseSchema, type SurveySubmitRequest } from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** SPEC 7 `POST /surveys` "{answers, comments, serviceId}; success by status", with the service's token. */
export function submitSurvey(
  api: ApiClient,
  body: SurveySubmitRequest,
  token: string | null,
): Promise<{ answered: true }> {
  return api.post('/surveys', body, SurveySubmitResponseSchema, { token });
}
