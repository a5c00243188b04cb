import { ClientsScreen } from '../../features/clients/components/clients-screen.tsx';
import '../../features/services/components/flow-screen.css';

/** /clients: the client form (SPEC 2, SPEC 3). */
export function Component() {
  return <ClientsScreen />;
}
