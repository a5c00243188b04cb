import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type {
  MobilePaymentGateway,
  MobilePaymentState,
  MobilePaymentStatus,
} from './mobile-gateway.ts';

// ATH Móvil Business e-commerce payments (decision 433), the API behind its payment button: JSON
// over HTTPS under /api/business-transaction/ecommerce. `payment` takes the business's public
// token and answers an `ecommerceId` with a per-payment `auth_token`; `business/findPayment` and
// `authorization` send that token as `Authorization: Bearer`; `refund` needs the private token too.
// Amounts are dollars with two decimals; answers are `{ status: 'success' | 'error', data,
// message, errorcode }`. ATHMOVIL_API_BASE points it elsewhere (tests use a local fixture server).

export const ATHMOVIL_DEFAULT_BASE = 'https://payments.athmovil.com';
const PATH = '/api/business-transaction/ecommerce';

export interface AthMovilGatewayOptions {
  publicToken: string;
  privateToken: string;
  apiBase: string | undefined;
  /** Per request (AbortSignal.timeout); 10 s by default. */
  timeoutMs?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const ErrorAnswerSchema = z.object({
  status: z.literal('error'),
  errorcode: z.string().nullish(),
  message: z.string().nullish(),
});

const TicketSchema = z.object({ ecommerceId: z.string().min(1), auth_token: z.string().min(1) });

const PaymentStateSchema = z.object({
  ecommerceStatus: z.enum(['OPEN', 'CONFIRM', 'COMPLETED', 'CANCEL']),
  referenceNumber: z.string().nullish(),
  total: z.number().nonnegative(),
});

const RefundSchema = z.object({
  refund: z.object({ status: z.string(), refundedAmount: z.number().nonnegative() }),
});

const STATUS: Record<z.infer<typeof PaymentStateSchema>['ecommerceStatus'], MobilePaymentStatus> = {
  OPEN: 'open',
  CONFIRM: 'confirmed',
  COMPLETED: 'completed',
  CANCEL: 'cancelled',
};

/** Errors about the payment itself (amount limits, the customer's account): a decline for us. */
const DECLINE_CODES = new Set([
  'BTRA_0001',
  'BTRA_0002',
  'BTRA_0003',
  'BTRA_0004',
  'BTRA_0012',
  'BTRA_0037',
  'BTRA_0039',
  'BTRA_0044',
  'BTRA_0045',
]);
const NOT_FOUND_CODES = new Set(['BTRA_0007', 'BTRA_0014', 'BTRA_0031']);
/** "The status of the e-commerce is not confirm": the customer has not approved it yet. */
const NOT_CONFIRMED_CODE = 'BTRA_0032';

/** Cents as ATH Móvil's dollars with two decimals. */
const dollars = (cents: number) => Math.round(cents) / 100;
const cents = (amount: number) => Math.round(amount * 100);

function stateOf(data: unknown): MobilePaymentState {
  const state = PaymentStateSchema.parse(data);
  return {
    status: STATUS[state.ecommerceStatus],
    referenceNumber: state.referenceNumber ? state.referenceNumber : null,
    totalCents: cents(state.total),
  };
}

export function createAthMovilGateway(options: AthMovilGatewayOptions): MobilePaymentGateway {
  const base = (options.apiBase ?? ATHMOVIL_DEFAULT_BASE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  /** Logs what failed (never a token, never the body we sent) and answers our error for it. */
  function failure(operation: string, details: Record<string, unknown>): AppError {
    options.log.warn({ provider: 'athmovil', operation, ...details }, 'ATH Móvil call failed');
    const code = typeof details.errorcode === 'string' ? details.errorcode : null;
    if (code && DECLINE_CODES.has(code)) {
      return new AppError('PAYMENT_DECLINED', `ATH Móvil refused the payment (${code})`);
    }
    if (code === NOT_CONFIRMED_CODE) {
      return new AppError('CONFLICT', 'The customer has not approved the payment yet');
    }
    if (code && NOT_FOUND_CODES.has(code)) {
      return new AppError('NOT_FOUND', 'That mobile payment does not exist');
    }
    return new AppError('UNAVAILABLE', 'The mobile payment provider is not available; try again');
  }

  /** One POST; answers `data` of a success, throws our AppError otherwise. */
  async function call(operation: string, path: string, body: object, bearer?: string) {
    let response: Response;
    try {
      response = await fetch(`${base}${PATH}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
      throw failure(operation, { reason });
    }
    const answer: unknown = await response.json().catch(() => undefined);
    const refused = ErrorAnswerSchema.safeParse(answer);
    if (refused.success) {
      throw failure(operation, { statusCode: response.status, errorcode: refused.data.errorcode });
    }
    const success = z.object({ status: z.literal('success'), data: z.unknown() }).safeParse(answer);
    if (!response.ok || !success.success) {
      throw failure(operation, { statusCode: response.status, reason: 'unreadable' });
    }
    return { operation, data: success.data.data };
  }

  /** Parses `data` with the schema; an answer of another shape is a 503. */
  function read<T>(answer: { operation: string; data: unknown }, parse: (data: unknown) => T): T {
    try {
      return parse(answer.data);
    } catch {
      throw failure(answer.operation, { reason: 'unreadable' });
    }
  }

  return {
    provider: 'athmovil',
    async createPayment(request) {
      const total = dollars(request.subtotalCents + request.taxCents);
      const answer = await call('createPayment', '/payment', {
        env: 'production',
        publicToken: options.publicToken,
        timeout: request.timeoutSeconds,
        total,
        subtotal: dollars(request.subtotalCents),
        tax: dollars(request.taxCents),
        // ATH Móvil keeps at most 40 characters per metadata field.
        metadata1: request.serviceId.slice(0, 40),
        metadata2: request.purpose,
        items: [
          {
            name: request.purpose === 'tip' ? 'Propina' : 'Servicio de asistencia',
            description: request.serviceId.slice(0, 40),
            quantity: '1',
            price: String(dollars(request.subtotalCents)),
            tax: String(dollars(request.taxCents)),
            metadata: request.purpose,
          },
        ],
        phoneNumber: request.phoneNumber ?? '',
      });
      const ticket = read(answer, (data) => TicketSchema.parse(data));
      return { ecommerceId: ticket.ecommerceId, authToken: ticket.auth_token };
    },
    async findPayment({ ecommerceId, authToken }) {
      const answer = await call(
        'findPayment',
        '/business/findPayment',
        { ecommerceId, publicToken: options.publicToken },
        authToken,
      );
      return read(answer, stateOf);
    },
    async authorizePayment({ ecommerceId, authToken }) {
      const answer = await call('authorizePayment', '/authorization', { ecommerceId }, authToken);
      const state = read(answer, stateOf);
      if (state.status !== 'completed') {
        throw new AppError('PAYMENT_DECLINED', 'The mobile payment was cancelled or expired');
      }
      return state;
    },
    async refundPayment(referenceNumber, amountCents) {
      const answer = await call('refundPayment', '/refund', {
        publicToken: options.publicToken,
        privateToken: options.privateToken,
        referenceNumber,
        amount: dollars(amountCents).toFixed(2),
      });
      const { refund } = read(answer, (data) => RefundSchema.parse(data));
      return { refundedCents: cents(refund.refundedAmount) };
    },
  };
}
