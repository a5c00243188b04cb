import type { dispatchers } from '../schema.ts';
import { stableId } from './random.ts';

// The demo dispatchers (docs/decisions/762): each signs in at /dispatcher through the bundled
// identity provider with the e-mail below and the demo PIN; its OpenID `sub` is its id. Their
// scopes show the three ways a scope is drawn: by branch, by brand and by account.

export type DispatcherRow = typeof dispatchers.$inferInsert;

export const DEMO_DISPATCHERS: readonly Omit<DispatcherRow, 'id' | 'oidcSubject'>[] = [
  {
    name: 'Centro de despacho Puerto Rico',
    email: 'despacho.pr@auxilio.example',
    scope: { accounts: [], brands: [], branches: ['PR'] },
  },
  {
    name: 'Centro de despacho Panamá',
    email: 'despacho.pa@auxilio.example',
    scope: { accounts: [], brands: [], branches: ['PA'] },
  },
  {
    name: 'Mesa de MMM',
    email: 'despacho.mmm@auxilio.example',
    scope: { accounts: [], brands: ['mmm'], branches: [] },
  },
  {
    name: 'Supervisión regional',
    email: 'supervision@auxilio.example',
    scope: { accounts: [], brands: [], branches: ['PR', 'PA', 'CR', 'CO', 'MX'] },
  },
];

export function buildDispatchers(): DispatcherRow[] {
  return DEMO_DISPATCHERS.map((dispatcher) => {
    const id = stableId('dispatcher', dispatcher.email);
    return { ...dispatcher, id, oidcSubject: id };
  });
}
