import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  buildTipRequest,
  currencyOf,
  type Branch,
  type PaymentMethod,
  type Session,
} from '@auxilio/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { submitTip } from '../api/submit-tip.ts';

export interface TipInput {
  /** Tip in currency units (SPEC 3 "tipAmount (default 3)"). */
  amount: number;
  paymentMethod: PaymentMethod;
  /** The card payment provider's references of the tip's own charge (card tips only). */
  card?: Pick<Session['payment'], 'cardIdStripe' | 'chargeIdStripe' | 'customerIdStripe'>;
}

const NO_CARD = { cardIdStripe: null, chargeIdStripe: null, customerIdStripe: null };

/**
 * Records the tip with `POST /tips`, keeps it in the session's payment, then goes to /social. The
 * service's own card charge is never reused for a tip: a tip carries its own references or none.
 * A 409 means this service already has its tip (one per service): nothing more to record.
 */
export function useSubmitTip(service: { _id: string; branch: Branch }) {
  const api = useApi();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (input: TipInput) => {
      const { session, updateSession } = useSessionStore.getState();
      const payment: Session['payment'] = {
        ...session.payment,
        ...(input.card ?? NO_CARD),
        tips: true,
        tipAmount: input.amount,
        tipPaymentType: input.paymentMethod,
      };
      const body = buildTipRequest({ serviceId: service._id, payment }, currencyOf(service.branch));
      if (!body) throw new Error('A tip needs a service');
      try {
        await submitTip(api, body, session.token);
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.code === 'CONFLICT')) throw error;
      }
      // The session keeps what SPEC 3 names for the tip; the card references stay with the server.
      updateSession((current) => ({
        ...current,
        payment: {
          ...current.payment,
          tips: true,
          tipAmount: input.amount,
          tipPaymentType: input.paymentMethod,
        },
      }));
    },
    onSuccess: () => {
      navigate('/social', { replace: true });
    },
  });
}
