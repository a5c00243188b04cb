import { useQueryClient } from '@tanstack/react-query';
import { surveyGuard } from '@auxilio/domain';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { useAccount } from '../../api/get-account.ts';
import { serviceKeys, useService } from '../../api/service-query.ts';
import { gateStatus, ServiceGate, SurveyScreen } from '../../features/survey/index.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/** /survey (survey guard, decision 121): the brand's questions, then /tips, /social or /feedback. */
export function Component() {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const accountId = useSessionStore((state) => state.session.accountId) ?? config.accountId;
  const account = useAccount(accountId);
  const service = useService();
  const status = gateStatus(service);
  const data = service.data ?? null;
  const decision =
    status === 'pending' || status === 'error'
      ? null
      : surveyGuard({
          service: data,
          brand: config.brand,
          // SPEC 8: an account that fails to load is logged only; the default config applies.
          accountConfig: {
            finishedScreenAfterService: account.data?.config.finishedScreenAfterService ?? false,
          },
          now: new Date(),
        });
  return (
    <ServiceGate status={status} onRetry={() => void service.refetch()} decision={decision}>
      {data ? (
        <SurveyScreen
          service={data}
          onServiceChanged={() => {
            void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(data._id) });
          }}
        />
      ) : null}
    </ServiceGate>
  );
}
