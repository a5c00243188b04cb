import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  providerRatingOf,
  surveySubmitRoute,
  type Service,
  type SurveySubmitRequest,
} from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { submitSurvey } from '../api/submit-survey.ts';

/**
 * Sends the survey, then SPEC 4 "Survey submit": /feedback for some brands, else /tips when the
 * provider rating is above 3 and tipping is allowed, else /social (the domain's surveySubmitRoute).
 */
export function useSubmitSurvey(
  service: Pick<Service, 'branch' | 'situation'>,
  onServiceChanged?: () => void,
) {
  const api = useApi();
  const { brand } = useRuntimeConfig();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: SurveySubmitRequest) =>
      submitSurvey(api, body, useSessionStore.getState().session.token),
    onSuccess: (_answer, body) => {
      const route = surveySubmitRoute({
        brand,
        providerRating: providerRatingOf(body.answers),
        branch: service.branch,
        situation: service.situation,
      });
      // Leave first: the refreshed service (surveys.answered) must not meet this screen's guard.
      navigate(route.to, { replace: true });
      onServiceChanged?.();
    },
    onError: (error) => {
      // 409: the service was cancelled meanwhile; the refreshed service lets the guard show it.
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') onServiceChanged?.();
    },
  });
}
