import { servicePaymentMethods, type PaymentMethod } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccount } from '../../../api/get-account.ts';

/**
 * How the customer can pay on /payment (SPEC 3 "payment methods cash, ath_movil, card"; decision
 * 665): the domain's rule for the account, card first; only the card while the account loads.
 */
export function usePaymentMethods(): PaymentMethod[] {
  const config = useRuntimeConfig();
  const accountId = useSessionStore((state) => state.session.accountId) ?? config.accountId;
  const account = useAccount(accountId);
  return account.data ? servicePaymentMethods(account.data) : ['card'];
}
