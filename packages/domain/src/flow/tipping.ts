import type { Brand } from '../brand.ts';
import type { TipRequest } from '../contract/tips.ts';
import type { Branch, Currency } from '../enumerations.ts';
import { amountToCents } from '../money.ts';
import type { Session } from '../session.ts';
import type { ServiceTypeName } from '../service-types.ts';

/**
 * True when the customer may tip for this service. SPEC 4: the tip step is "skipped when tipping is
 * not allowed for the brand, branch or type"; SPEC 4 survey submit: "/tips when ... tipping is
 * allowed". An empty branch list means every branch of the brand.
 */
export function isTippingAllowed(input: {
  brand: Pick<Brand, 'tipping'>;
  branch: Branch;
  situation: ServiceTypeName;
}): boolean {
  const { tipping } = input.brand;
  if (!tipping.allowed) return false;
  if (tipping.branches.length > 0 && !tipping.branches.includes(input.branch)) return false;
  return !tipping.excludedServiceTypes.includes(input.situation);
}

/**
 * The tip body from the session's payment: tipAmount is in currency units (SPEC 3 "tipAmount
 * (default 3)"), the wire amount in cents (SPEC 9 "Amounts are in cents").
 */
export function buildTipRequest(
  session: Pick<Session, 'serviceId' | 'payment'>,
  currency: Currency,
): TipRequest | null {
  if (!session.serviceId) return null;
  const { payment } = session;
  return {
    serviceId: session.serviceId,
    amount: amountToCents(payment.tipAmount),
    currency,
    paymentMethod: payment.tipPaymentType ?? payment.paymentMethod ?? 'card',
    cardIdStripe: payment.cardIdStripe,
    chargeIdStripe: payment.chargeIdStripe,
    customerIdStripe: payment.customerIdStripe,
  };
}
