import type { Branch } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useAccount } from '../../../api/get-account.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/**
 * The branch (country) of the account the request is for: the account's own branch once loaded,
 * else the branch the runtime config lists for that account id, else null (no branch known).
 */
export function useRequestBranch(): Branch | null {
  const config = useRuntimeConfig();
  const accountId = useSessionStore((state) => state.session.accountId) ?? config.accountId;
  const account = useAccount(accountId);
  return (
    account.data?.branch ??
    config.brandAccounts.find((entry) => entry.id === accountId)?.branch ??
    null
  );
}
