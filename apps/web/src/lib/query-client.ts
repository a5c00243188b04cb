import { QueryClient } from '@tanstack/react-query';

/** The app's query client: server data lives here only (ARCHITECTURE "Front end"). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
