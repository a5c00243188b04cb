import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { corporateGuard } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';

/**
 * SPEC 2 "(corporate guard) ... Only for corporate brands (honda, acura, mazda matched by host, and
 * others in a corporate list); others are redirected" (to the home route, decision 121).
 */
export function CorporateGuard({ children }: { children: ReactNode }) {
  const { brand } = useRuntimeConfig();
  const decision = corporateGuard(brand);
  if (decision.kind === 'route') return <Redirect to={decision.to} replace />;
  return <>{children}</>;
}
