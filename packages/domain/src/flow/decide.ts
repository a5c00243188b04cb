import type { RouteDecision, ShowDecision, StayDecision } from './decision.ts';

// Small constructors for decision values, internal to the flow folder (not exported by the package).

export const show = (): ShowDecision => ({ kind: 'show' });
export const stay = (): StayDecision => ({ kind: 'stay' });
export const routeTo = (to: string, replace?: boolean): RouteDecision =>
  replace === undefined ? { kind: 'route', to } : { kind: 'route', to, replace };
