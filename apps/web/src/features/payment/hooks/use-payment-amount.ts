import {
  currencyOf,
  hasSurplus,
  summaryPrice,
  type Branch,
  type Currency,
  type FeeBreakdown,
} from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccount } from '../../../api/get-account.ts';
import { useCustomerFee } from '../../../api/get-customer-fee.ts';

export interface PaymentAmount {
  /** Subtotal, tax and total in cents; null while the fee loads. */
  price: FeeBreakdown | null;
  branch: Branch;
  currency: Currency;
  isSurplus: boolean;
  isError: boolean;
}

/**
 * What /payment charges. SPEC 4 "/payment for the 'connect' brand or for a surplus"; SPEC 9 "Fee
 * total is the fee plus tax on the fee; for a surplus it uses the surplus amount" (the domain's
 * summaryPrice, the same figure as the price block of /location/summary).
 */
export function usePaymentAmount(): PaymentAmount {
  const config = useRuntimeConfig();
  const session = useSessionStore((state) => state.session);
  const accountId = session.accountId ?? config.accountId;
  const account = useAccount(accountId);
  const branch: Branch =
    account.data?.branch ??
    config.brandAccounts.find((entry) => entry.id === accountId)?.branch ??
    config.brand.country;
  const isSurplus = hasSurplus(session.surplus);
  const fee = useCustomerFee(
    !isSurplus && account.data && accountId && session.situation
      ? { branch, situation: session.situation, distance: session.distance ?? 0, accountId }
      : null,
  );
  const feeCents = session.customerFee ?? fee.data ?? null;
  const price = account.data
    ? summaryPrice({
        // The price the summary showed and the server charges: the same brand flag (SPEC 9).
        brandFeesApply: config.brand.feesApply,
        legacyReceiptPreview: account.data.config.legacyReceiptPreview,
        feeCents,
        taxRate: account.data.tax.rate,
        surplus: isSurplus ? session.surplus : null,
      })
    : null;
  return {
    price,
    branch,
    currency: currencyOf(branch),
    isSurplus,
    isError: account.isError || fee.isError,
  };
}
