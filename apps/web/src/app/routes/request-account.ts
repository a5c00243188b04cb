import { useQuery, useQueryClient } from '@tanstack/react-query';
import { helpContacts, type Account } from '@auxilio/domain';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { getAccountQueryOptions } from '../../api/get-account.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/**
 * What the request-flow screens need of the account in use (session account, else the runtime
 * config's): the query, a loader that waits for it (the contract search needs its branch, fees and
 * salesforce ids), and the brand's help phone for its branch.
 */
export function useRequestAccount() {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const id = useSessionStore((state) => state.session.accountId) ?? config.accountId;
  const options = getAccountQueryOptions(config, id ?? '');
  const account = useQuery({ ...options, enabled: id !== null });
  const loadAccount = (): Promise<Account> => {
    if (id === null) return Promise.reject(new Error('No account for this request'));
    return queryClient.query(options);
  };
  const helpPhone = helpContacts(config.brand, account.data?.branch ?? null).phone;
  return { account, loadAccount, helpPhone };
}
