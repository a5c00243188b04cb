import { useLocation } from 'wouter';
import { tipsGuard } from '@auxilio/domain';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { useService } from '../../features/service-request/api/service-query.ts';
import { gateStatus, ServiceGate } from '../../features/survey/index.ts';
import { TipsScreen } from '../../features/tips/index.ts';

/** /tips (tips guard, decision 121): a tip for the provider, or skip to /social. */
export function Component() {
  const { brand } = useRuntimeConfig();
  const [, navigate] = useLocation();
  const service = useService();
  const status = gateStatus(service);
  const data = service.data ?? null;
  const decision =
    status === 'pending' || status === 'error' ? null : tipsGuard({ service: data, brand });
  return (
    <ServiceGate status={status} onRetry={() => void service.refetch()} decision={decision}>
      {data ? (
        <TipsScreen
          service={data}
          onSkip={() => {
            navigate('/social', { replace: true });
          }}
        />
      ) : null}
    </ServiceGate>
  );
}
