import {
  ContractSearchResponseSchema,
  type ContractSearchQuery,
  type CustomerContract,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * SPEC 7 `GET /api/v1/dispatch/contracts/`: "query: search, account, branch, fullName, active; the
 * first result is used". Answers every match so the caller can tell zero contracts apart.
 */
export async function searchContracts(
  api: ApiClient,
  query: ContractSearchQuery,
): Promise<CustomerContract[]> {
  const body = await api.get('/api/v1/dispatch/contracts/', ContractSearchResponseSchema, {
    query,
  });
  return body.data;
}
