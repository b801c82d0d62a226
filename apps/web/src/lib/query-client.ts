import { MutationCache, QueryCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { api } from './api';
import { isApiError } from './api-error';

/** Spec §9: a GET that failed on the way is tried again 5 times, 100 ms apart. */
export const QUERY_RETRY_COUNT = 5;
export const QUERY_RETRY_DELAY_MS = 100;

/**
 * Whether a query tries again after its `failureCount`-th failure (counted from 0): only a GET
 * that failed in a way another attempt may cure (network, timeout, 408, 5xx; the client marks it
 * `retryable`), never a POST, a 4xx or a business refusal.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRY_COUNT && isApiError(error) && error.retryable;
}

/**
 * Server state lives in TanStack Query, and so does retrying: the API client makes one attempt
 * per call. Queries retry by `shouldRetryQuery`; mutations never (writes may not be idempotent).
 * The client holds back the report of a retryable failure; the caches report it once the query
 * or mutation has finally failed, so a GET that recovers on a retry shows no message.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => api.reportDeferred(error) }),
  mutationCache: new MutationCache({ onError: (error) => api.reportDeferred(error) }),
  defaultOptions: {
    queries: { retry: shouldRetryQuery, retryDelay: QUERY_RETRY_DELAY_MS, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * A read made outside a component (the session start, a button), with the queries' retry and
 * error report: always fetched, never answered from or kept in the cache.
 */
export function fetchFresh<T>(queryKey: QueryKey, queryFn: QueryFunction<T>): Promise<T> {
  return queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0, gcTime: 0 });
}
