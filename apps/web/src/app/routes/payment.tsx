import { PaymentScreen } from '../../features/payment/components/payment-screen.tsx';
import '../../features/services/components/flow-screen.css';

/** /payment: the card payment of the connect brand or a surplus (SPEC 2, SPEC 4). */
export function Component() {
  return <PaymentScreen />;
}
