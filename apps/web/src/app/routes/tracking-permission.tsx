import { PermissionScreen } from '../../features/tracking/components/permission-screen.tsx';

/** /tracking/permission: SPEC 2 "'Are you with your vehicle?' (Yes/No) then Confirm". */
export function Component() {
  return <PermissionScreen />;
}
