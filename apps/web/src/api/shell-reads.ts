import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { getAccountQueryOptions } from './get-account.ts';
import { getIntegrationsQueryOptions } from './get-integrations.ts';

/**
 * Starts the frame's own reads of every screen, the account in use and its integrations
 * (root-layout.tsx), as soon as the config is known: they go out beside the first screen's code and
 * texts instead of after its first render, a round trip earlier on a weak signal. Failures are
 * the frame's to handle (SPEC 8: logged only), through its own reads of the same entries.
 */
export function prefetchShellReads(
  queryClient: QueryClient,
  config: RuntimeConfig,
  accountId: string | null,
): void {
  if (accountId === null) return;
  queryClient.query(getAccountQueryOptions(config, accountId)).catch(() => undefined);
  queryClient.query(getIntegrationsQueryOptions(config, accountId)).catch(() => undefined);
}
