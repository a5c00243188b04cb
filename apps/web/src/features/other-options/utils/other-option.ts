import { EXCEED_LIMIT_ROUTE, VEHICLE_NOT_FOUND_ROUTE } from '@auxilio/domain';

export type OtherOption = 'vehicleNotFound' | 'exceedLimit';

/** The option of `/other-options/:option`, or null for an unknown one. */
export function otherOptionOf(param: string | undefined): OtherOption | null {
  const path = `/other-options/${param ?? ''}`;
  if (path === VEHICLE_NOT_FOUND_ROUTE) return 'vehicleNotFound';
  if (path === EXCEED_LIMIT_ROUTE) return 'exceedLimit';
  return null;
}
