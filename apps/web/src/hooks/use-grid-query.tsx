import { hashKey, keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { GridFailure, GridStaleNotice } from '../components/grid-status';

export interface GridQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  /** Prefix of the failure and retry test ids; default `grid`. */
  testId?: string;
}

/**
 * The query of a server-paged table, with the two rules every such table keeps (docs/DECISIONS.md,
 * "Grids"):
 * - **Search always asks the server.** New filters give a new key and fetch by themselves; when
 *   Search or Reset lands on the key already shown, `refreshIfSame` fetches it again, so the
 *   balances and statuses on screen are current (spec §4: query loads data).
 * - **A failure is said, not shown as "No data".** `emptyText` is the failure with a retry
 *   button when nothing could be shown; `notice` says the rows still shown are from before a
 *   refresh that failed. The previous page stays while the next one loads.
 */
export function useGridQuery<T>({ queryKey, queryFn, enabled, testId }: GridQueryOptions<T>) {
  const query = useQuery({ queryKey, queryFn, enabled, placeholderData: keepPreviousData });
  const current = hashKey(queryKey);
  const retry = () => void query.refetch();
  const message = query.error?.message;
  // Rows kept from an earlier answer of this very key: the refresh failed, the rows are still true
  // of the filters shown, but may be out of date.
  const stale = query.isError && query.data !== undefined;
  const failed = query.isError && query.data === undefined;

  const notice: ReactNode = stale ? <GridStaleNotice message={message} onRetry={retry} testId={testId} /> : null;
  const emptyText = (fallback?: ReactNode): ReactNode =>
    failed ? <GridFailure message={message} onRetry={retry} testId={testId} /> : fallback;

  return {
    query,
    data: query.data,
    notice,
    emptyText,
    /** Call from Search and Reset with the key the submitted filters give (after setting them). */
    refreshIfSame(nextKey: QueryKey): void {
      if (hashKey(nextKey) === current) void query.refetch();
    },
  };
}
