import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import {
  AccountConfigSchema,
  driverIdOf,
  loadingPollDecision,
  trackingPollDecision,
  type Service,
} from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccount } from '../../../api/get-account.ts';

/** Account flags before the account has loaded: the defaults of the schema. */
const DEFAULT_ACCOUNT_CONFIG = AccountConfigSchema.parse({});

/**
 * Acts on every new reading of the service, from a poll or from the stream (SPEC 4 "Loading screen
 * polls ..." and "Tracking screen polls ..."): the decision is the domain's, this hook only moves.
 */
export function useFollowService(screen: 'loading' | 'tracking', service: Service | undefined) {
  const [, navigate] = useLocation();
  const integrations = useSessionStore((state) => state.session.integrations);
  const accountId = useSessionStore((state) => state.session.accountId);
  const account = useAccount(accountId ?? service?.account ?? null);
  const accountConfig = account.data?.config ?? DEFAULT_ACCOUNT_CONFIG;
  // Leaving for a partner page happens once: every later reading (a poll, the stream) would start
  // the navigation again and abort the one under way, which on a slow signal never finishes.
  const leftFor = useRef<string | null>(null);

  useEffect(() => {
    if (!service) return;
    const input = {
      service,
      // The screen shows whichever driver the cache holds; a change re-reads the driver's details
      // by id (useDriverDetails), so "a driver change updates the driver" needs nothing more here.
      currentDriverId: driverIdOf(service.driver),
      integrations,
      accountConfig,
    };
    const decision =
      screen === 'loading' ? loadingPollDecision(input) : trackingPollDecision(input);
    if (decision.kind === 'route') navigate(decision.to, { replace: true });
    if (decision.kind === 'external' && leftFor.current !== decision.url) {
      leftFor.current = decision.url;
      window.location.assign(decision.url);
    }
  }, [screen, service, integrations, accountConfig, navigate]);
}
