import { QueryClient } from '@tanstack/react-query';

/**
 * Server state lives in TanStack Query. Retries are off here because the API client already
 * retries GETs (5 × 100 ms, spec §9); retrying in both places would multiply the attempts.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
