import {
  BRANCH_INFO,
  formatMoney,
  formatReceiptDate,
  isReceiptTotalShown,
  type Brand,
  type Service,
} from '@auxilio/domain';

/** The receipt of SPEC 3 ("date, service number, subtotal, taxes, total") as display text. */
export interface ReceiptText {
  /** 'MM/DD/YYYY' in the branch's time zone (SPEC 9 "Receipt date format month/day/year"). */
  date: string;
  serviceNumber: string;
  subtotal: string;
  taxes: string;
  /** Tax rate in percent, e.g. '11.5'. */
  taxRatePercent: string;
  /** Null when the brand hides a zero total (SPEC 9). */
  total: string | null;
}

export type ReceiptService = Pick<
  Service,
  'date' | 'serviceNumber' | 'branch' | 'payments' | 'taxRate'
>;

/**
 * Receipt lines of a service. Amounts are the service's own payments (cents, computed once by the
 * server with the domain's feeBreakdown and the account's tax: SPEC 9 "Tax rate ... otherwise come
 * from configuration"), so the receipt always adds up with what was charged (decision 311).
 */
export function buildReceipt(
  service: ReceiptService,
  brand: Pick<Brand, 'hideZeroReceiptTotal'>,
): ReceiptText {
  const { branch, payments } = service;
  const showTotal = isReceiptTotalShown({
    hideZeroReceiptTotal: brand.hideZeroReceiptTotal,
    totalCents: payments.total,
  });
  return {
    date: formatReceiptDate(new Date(service.date), BRANCH_INFO[branch].timeZone),
    serviceNumber: service.serviceNumber,
    subtotal: formatMoney(payments.subtotal, branch),
    taxes: formatMoney(payments.tax, branch),
    taxRatePercent: String(Math.round(service.taxRate * 1000) / 10),
    total: showTotal ? formatMoney(payments.total, branch) : null,
  };
}
