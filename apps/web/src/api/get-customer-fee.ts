import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerFeeResponseSchema, type CustomerFeeQuery } from '@auxilio/domain';
import type { ApiClient } from '../lib/api-client.ts';
import { useApi } from '../lib/use-api.ts';

// SPEC 7 `GET /fees/customer`: "query: branch, situation, distance, accountId; returns a number in
// data.data" (cents, SPEC 9 "Amounts are in cents").

export const customerFeeKeys = {
  all: ['fees', 'customer'] as const,
  detail: (query: CustomerFeeQuery) =>
    ['fees', 'customer', query.branch, query.situation, query.distance, query.accountId] as const,
};

export function getCustomerFee(api: ApiClient, query: CustomerFeeQuery): Promise<number> {
  return api
    .get('/fees/customer', CustomerFeeResponseSchema, { query: { ...query } })
    .then((body) => body.data);
}

export function getCustomerFeeQueryOptions(api: ApiClient, query: CustomerFeeQuery) {
  return queryOptions({
    queryKey: customerFeeKeys.detail(query),
    queryFn: () => getCustomerFee(api, query),
    staleTime: 5 * 60_000,
  });
}

/** The customer fee in cents; disabled (no call) while the query is incomplete or not needed. */
export function useCustomerFee(query: CustomerFeeQuery | null) {
  const api = useApi();
  return useQuery({
    ...getCustomerFeeQueryOptions(
      api,
      query ?? { branch: 'PR', situation: 'flatTire', distance: 0, accountId: '' },
    ),
    enabled: query !== null,
  });
}
