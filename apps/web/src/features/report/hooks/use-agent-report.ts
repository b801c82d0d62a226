import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { presetDates } from '../../../lib/date-range';
import { reportApi, reportKeys } from '../api/report-api';

/** What the report is searched by: business dates and, optionally, one provider. */
export interface ReportFilters {
  start: string;
  end: string;
  providerCode?: string;
}

/**
 * The agent report of the page: the applied filters (today's business date at first), the agent
 * of the drill-down (`?agent=ID`, the caller's own report without it) and the report query.
 */
export function useAgentReport(timeZone: string) {
  const [search, setSearch] = useSearchParams();
  const agentParam = Number.parseInt(search.get('agent') ?? '', 10);
  const agentId = Number.isInteger(agentParam) && agentParam > 0 ? agentParam : undefined;

  const today = useMemo(() => presetDates('today', timeZone), [timeZone]);
  const [filters, setFilters] = useState<ReportFilters>(today);

  const body = { ...filters, agentId };
  const query = useQuery({
    queryKey: reportKeys.agent(body),
    queryFn: ({ signal }) => reportApi.agent(body, signal),
    placeholderData: (prev) => prev,
  });
  const report = query.data;

  /** Opens a child agent's report; the top of the chain is the caller's own, without `?agent`. */
  const drill = (id: number) => setSearch(id === report?.chain[0]?.id ? {} : { agent: String(id) });

  return { today, filters, setFilters, body, query, report, drill };
}
