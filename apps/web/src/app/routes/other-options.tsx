import { useLocation, useParams } from 'wouter';
import { OtherOptionsScreen } from '../../features/other-options/components/other-options-screen.tsx';
import { otherOptionOf } from '../../features/other-options/utils/other-option.ts';
import '../../features/services/components/flow-screen.css';
import { useRequestAccount } from './request-account.ts';

/** /other-options/:option: vehicleNotFound and exceedLimit (SPEC 2, SPEC 8). */
export function Component() {
  const params = useParams<{ option?: string }>();
  const [path] = useLocation();
  // The route's parameter, else the path's last segment (the screen works under any router).
  const option = otherOptionOf(params.option ?? path.split('/').pop());
  const { account, helpPhone } = useRequestAccount();
  return (
    <OtherOptionsScreen
      option={option}
      account={account.data}
      phone={account.data?.phone || helpPhone}
      openAccount={(url) => {
        window.location.assign(url);
      }}
    />
  );
}
