import type { UseQueryResult } from '@tanstack/react-query';
import type { ServiceGateProps } from '../components/service-gate.tsx';

/** The gate status of a service query; a session without a service is 'idle' (not loading). */
export function gateStatus(
  query: Pick<UseQueryResult, 'status' | 'fetchStatus'>,
): ServiceGateProps['status'] {
  if (query.status === 'pending' && query.fetchStatus === 'idle') return 'idle';
  return query.status;
}
