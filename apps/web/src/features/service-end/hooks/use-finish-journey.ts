import { useLocation } from 'wouter';
import { routeAfterReset } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/**
 * SPEC 4 "Reset: clears all state and returns to / (or to / with account and brand query when the
 * service came from the mobile app)". Returns the action for an Ok or Done button.
 */
export function useFinishJourney(fromConnectApp: boolean): () => void {
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();
  return () => {
    const { session, resetAll } = useSessionStore.getState();
    const route = routeAfterReset({
      fromConnectApp,
      accountId: session.accountId ?? config.accountId,
      brand: session.brand ?? config.brand.slug,
    });
    // One synchronous step: the next screen never sees the old request (as the cancellation does).
    resetAll();
    navigate(route.to, { replace: route.replace ?? true });
  };
}
