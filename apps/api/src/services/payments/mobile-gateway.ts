// ARCHITECTURE 7 "mobile payment": an embedded sandbox by default, ATH Móvil in production
// (decision 433). SPEC 3 lists the payment method `ath_movil` and SPEC 7 "a mobile payment
// provider" without its calls or screens, so only the server side exists: a payment is created for
// an amount the server computed, the customer approves it in the ATH Móvil app, the server reads
// its status, completes it once confirmed, and can refund it.

export interface MobilePaymentRequest {
  /** Amounts in cents (SPEC 9); ATH Móvil itself takes dollars with two decimals. */
  subtotalCents: number;
  taxCents: number;
  serviceId: string;
  purpose: 'service' | 'tip';
  /** The customer's ATH Móvil phone number (10 digits), when known. */
  phoneNumber: string | undefined;
  /** Seconds the customer has to approve it in the app. */
  timeoutSeconds: number;
}

/** What finds and completes a payment later: ATH Móvil's ticket and its per-payment token. */
export interface MobilePaymentTicket {
  ecommerceId: string;
  authToken: string;
}

/** OPEN: waiting for the customer; CONFIRMED: approved, to be completed; then COMPLETED or CANCELLED. */
export type MobilePaymentStatus = 'open' | 'confirmed' | 'completed' | 'cancelled';

export interface MobilePaymentState {
  status: MobilePaymentStatus;
  /** The provider's transaction reference once completed, else null. */
  referenceNumber: string | null;
  totalCents: number;
}

/**
 * A mobile payment provider. Failures are thrown as AppError: 402 PAYMENT_DECLINED when the
 * provider refuses the payment itself (limits, the customer's account), 404 for an unknown payment,
 * 503 UNAVAILABLE for anything else (rate limit, 5xx, an answer we cannot read, a timeout).
 */
export interface MobilePaymentGateway {
  readonly provider: 'sandbox' | 'athmovil';
  createPayment(request: MobilePaymentRequest): Promise<MobilePaymentTicket>;
  findPayment(ticket: MobilePaymentTicket): Promise<MobilePaymentState>;
  /** Completes a CONFIRMED payment; answers the completed state. */
  authorizePayment(ticket: MobilePaymentTicket): Promise<MobilePaymentState>;
  refundPayment(referenceNumber: string, amountCents: number): Promise<{ refundedCents: number }>;
}
