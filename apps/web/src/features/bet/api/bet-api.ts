import type { BetDetail, BetExportQuery, BetListRequest, BetPage } from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

const B = '/manage/bet';

export const betApi = {
  list: (body: BetListRequest, signal?: AbortSignal) => api.post<BetPage>(`${B}/list`, compact(body), { signal }),
  detail: (id: number, signal?: AbortSignal) => api.post<BetDetail>(`${B}/detail`, { id }, { signal }),
  /** The CSV export through the API client (token, site and language headers); see `csvBlob` for the BOM. */
  exportCsv: (query: BetExportQuery) =>
    api.get<string>(`${B}/export`, {
      params: Object.fromEntries(Object.entries(compact(query)).map(([k, v]) => [k, String(v)])),
      retry: false,
      timeoutMs: 120_000,
    }),
};

export const betKeys = {
  all: ['bet'] as const,
  list: (q: BetListRequest) => ['bet', 'list', q] as const,
  detail: (id: number) => ['bet', 'detail', id] as const,
};

/** `bets-20300110120000-20300111115959.csv`, as the server names it. */
export function betCsvName(start: string, end: string): string {
  const stamp = (t: string) => t.replace(/[-: ]/g, '');
  return `bets-${stamp(start)}-${stamp(end)}.csv`;
}
