import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, DEFAULT_RANGE, businessRange, type SettlementStatus } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';

/** What the bet list is searched by: a site wall-clock range and the optional filters. */
export interface BetFilters {
  start: string;
  end: string;
  account?: string;
  providerCode?: string;
  gameCode?: string;
  status?: SettlementStatus;
}

/** Today's business day (noon to noon) in `timeZone`, with no other filter. */
export function todayFilters(timeZone: string): BetFilters {
  return businessRange(DEFAULT_RANGE, new Date(), timeZone);
}

/**
 * The bet page's search state: the applied filters (today's business day at first) and the
 * server pager. A new search or a reset goes back to the first page; so does a new page size.
 */
export function useBetFilters(timeZone: string) {
  const initial = useMemo(() => todayFilters(timeZone), [timeZone]);
  const [filters, setFilters] = useState<BetFilters>(initial);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const search = (next: BetFilters) => {
    setPage(1);
    setFilters(next);
  };

  const changePage = (current: number | undefined, requestedSize: number | undefined) => {
    const size = toPageSize(requestedSize);
    setPage(size !== pageSize ? 1 : (current ?? 1));
    setPageSize(size);
  };

  return { initial, filters, page, pageSize, search, changePage };
}
