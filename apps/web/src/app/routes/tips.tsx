import { useLocation } from 'wouter';
import { currencyOf, tipsGuard } from '@auxilio/domain';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { useCardPaymentProvider } from '../../features/payment/providers/use-card-payment-provider.ts';
import { useService } from '../../api/service-query.ts';
import { gateStatus, ServiceGate } from '../../features/survey/index.ts';
import { TipsScreen, type TipCardForm } from '../../features/tips/index.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import '../../features/services/components/flow-screen.css';

/** /tips (tips guard, decision 121): a tip paid with the card provider, or skip to /social. */
export function Component() {
  const { brand } = useRuntimeConfig();
  const [, navigate] = useLocation();
  const { CardForm } = useCardPaymentProvider();
  const email = useSessionStore((state) => state.session.clientForm.email);
  const service = useService();
  const status = gateStatus(service);
  const data = service.data ?? null;
  const decision =
    status === 'pending' || status === 'error' ? null : tipsGuard({ service: data, brand });
  const cardForm: TipCardForm = ({ amountCents, branch, payLabel, onPaid }) => (
    <CardForm
      amount={amountCents}
      currency={currencyOf(branch)}
      email={email}
      payLabel={payLabel}
      onCharged={(payment) =>
        onPaid({
          cardIdStripe: payment.cardIdStripe,
          chargeIdStripe: payment.chargeIdStripe,
          customerIdStripe: payment.customerIdStripe,
        })
      }
    />
  );
  return (
    <ServiceGate status={status} onRetry={() => void service.refetch()} decision={decision}>
      {data ? (
        <TipsScreen
          service={data}
          cardForm={cardForm}
          onSkip={() => {
            navigate('/social', { replace: true });
          }}
        />
      ) : null}
    </ServiceGate>
  );
}
