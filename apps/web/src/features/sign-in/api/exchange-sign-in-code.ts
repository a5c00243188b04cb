import { useQuery } from '@tanstack/react-query';
import { TokenExchangeResponseSchema, type TokenExchangeRequest } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';

/**
 * SPEC 7 `POST /api/mmm-openid/token` "reads data.userInfo". A code works once: the answer is kept
 * for the page's life and never retried.
 */
export function useSignInCodeExchange(request: TokenExchangeRequest | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['sign-in', 'token', request?.code],
    // No abort signal: an unmount must not cancel and re-send a code that works once.
    queryFn: () => api.post('/api/mmm-openid/token', request, TokenExchangeResponseSchema),
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
