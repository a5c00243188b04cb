import {
  ContractSearchResponseSchema,
  type ContractSearchQuery,
  type CustomerContract,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * SPEC 7 `GET /api/v1/dispatch/contracts/`: "query: search, account, branch, fullName, active; the
 * first result is used". Answers every match so the caller can tell zero contracts apart. With a
 * signed-in member's session the member's own contract comes in full (decision 417).
 */
export async function searchContracts(
  api: ApiClient,
  query: ContractSearchQuery,
  memberSessionToken: string | null,
): Promise<CustomerContract[]> {
  const body = await api.get('/api/v1/dispatch/contracts/', ContractSearchResponseSchema, {
    query,
    token: memberSessionToken,
  });
  return body.data;
}
