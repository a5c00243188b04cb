import { Redirect } from 'wouter';
import { homeGuard } from '@auxilio/domain';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { CancelledNotice } from '../../features/cancellation/components/cancelled-notice.tsx';
import { HomeScreen } from '../../features/home/components/home-screen.tsx';
import { useShell } from './shell-context.ts';

/**
 * `/`: SPEC 6 "Corporate: honda, acura, mazda (by host) go to /corporate/home" (the domain's
 * homeGuard, decision 620); every other brand gets the home screen.
 */
export function Component() {
  const { openHelp } = useShell();
  const { brand } = useRuntimeConfig();
  const decision = homeGuard(brand);
  if (decision.kind === 'route') return <Redirect to={decision.to} replace={decision.replace} />;
  return (
    <>
      <HomeScreen onOpenHelp={openHelp} />
      {/* Where a cancellation lands (SPEC 4): it says that the service is cancelled. */}
      <CancelledNotice />
    </>
  );
}
