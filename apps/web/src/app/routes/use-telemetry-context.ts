import { useEffect } from 'react';
import type { Branch } from '@auxilio/domain';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { setTelemetryContext } from '../../lib/telemetry/telemetry.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/**
 * SPEC 7 "customer analytics and a guide tool initialised with contract and account data": the
 * account in use, its brand and branch, and whether a contract was found (decision 633).
 */
export function useTelemetryContext(accountId: string | null, branch: Branch | null): void {
  const config = useRuntimeConfig();
  const hasContract = useSessionStore((state) => state.session.customerContract !== null);
  const brand = config.brand.slug;
  useEffect(() => {
    setTelemetryContext({ accountId, brand, branch, hasContract });
  }, [accountId, brand, branch, hasContract]);
}
