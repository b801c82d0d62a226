import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_RANGE } from '@agent-bo/shared';
import { useGridQuery } from '../../../hooks/use-grid-query';
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
  const [params, setParams] = useSearchParams();
  const agentParam = Number.parseInt(params.get('agent') ?? '', 10);
  const agentId = Number.isInteger(agentParam) && agentParam > 0 ? agentParam : undefined;

  const today = useMemo(() => presetDates(DEFAULT_RANGE, timeZone), [timeZone]);
  const [filters, setFilters] = useState<ReportFilters>(today);

  const body = { ...filters, agentId };
  const grid = useGridQuery({ queryKey: reportKeys.agent(body), queryFn: ({ signal }) => reportApi.agent(body, signal), testId: 'report' });
  const { query } = grid;
  const report = query.data;

  /** Search and Reset always ask the server, also when the filters are the ones shown. */
  const search = (next: ReportFilters) => {
    setFilters(next);
    grid.refreshIfSame(reportKeys.agent({ ...next, agentId }));
  };

  /** Opens a child agent's report; the top of the chain is the caller's own, without `?agent`. */
  const drill = (id: number) => setParams(id === report?.chain[0]?.id ? {} : { agent: String(id) });

  return { today, filters, search, body, query, report, drill, notice: grid.notice, failure: grid.emptyText() };
}
