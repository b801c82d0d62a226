import type { AgentReport, AgentReportRequest } from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

const R = '/manage/report';

export const reportApi = {
  agent: (body: AgentReportRequest, signal?: AbortSignal) => api.post<AgentReport>(`${R}/agent`, compact(body), { signal }),
  /** The CSV export through the API client (token, site and language headers); see `csvBlob` for the BOM. */
  exportCsv: (query: AgentReportRequest) =>
    api.get<string>(`${R}/agent/export`, {
      params: Object.fromEntries(Object.entries(compact(query)).map(([k, v]) => [k, String(v)])),
      retry: false,
      timeoutMs: 120_000,
    }),
};

export const reportKeys = {
  all: ['report'] as const,
  agent: (q: AgentReportRequest) => ['report', 'agent', q] as const,
};

/** `agent-report-agentA01-20300110-20300112.csv`, as the server names it. */
export function reportCsvName(accountNo: string, start: string, end: string): string {
  return `agent-report-${accountNo}-${start.replace(/-/g, '')}-${end.replace(/-/g, '')}.csv`;
}
