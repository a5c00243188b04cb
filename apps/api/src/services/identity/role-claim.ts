import type { VerifiedClaims } from './token-exchange.ts';

// Who may sign in where is a role named in a claim of the identity provider's token: drivers in
// the driver app (docs/decisions/761), dispatchers at the console (docs/decisions/762). Which claim
// and which value are configuration (OIDC_DRIVER_ROLE_CLAIM and _ROLE, OIDC_DISPATCHER_ROLE_CLAIM
// and _ROLE).

export interface RoleRule {
  /** The claim that names the role. */
  claim: string;
  /** The role that is needed. */
  role: string;
}

/** True when the claim is the role, or a list (or space- or comma-separated text) that holds it. */
export function hasRole(claims: VerifiedClaims, rule: RoleRule): boolean {
  const value = claims[rule.claim];
  if (typeof value === 'string') return value.split(/[\s,]+/).includes(rule.role);
  return Array.isArray(value) && value.includes(rule.role);
}
