import type {
  CashLogRequest,
  CashLogRow,
  LogTab,
  OperationLogRequest,
  OperationLogRow,
  Page,
  RatioLogRequest,
  RatioLogRow,
  TransferLogRequest,
  TransferLogRow,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

export interface LogRows {
  operation: OperationLogRow;
  cash: CashLogRow;
  ratio: RatioLogRow;
  transfer: TransferLogRow;
}
export interface LogRequests {
  operation: OperationLogRequest;
  cash: CashLogRequest;
  ratio: RatioLogRequest;
  transfer: TransferLogRequest;
}

const M = '/manage/log';

export const logApi = {
  list: <T extends LogTab>(tab: T, body: LogRequests[T], signal?: AbortSignal) =>
    api.post<Page<LogRows[T]>>(`${M}/${tab}`, compact(body), { signal }),
  /**
   * The CSV export through the API client (token, site and language headers). The client
   * decodes the text, which drops the UTF-8 BOM; `csvBlob` puts it back for Excel.
   */
  exportCsv: <T extends LogTab>(tab: T, filters: Omit<LogRequests[T], 'page' | 'pageSize'>) =>
    api.get<string>(`${M}/${tab}/export`, { params: compact(filters) as Record<string, string>, retry: false, timeoutMs: 120_000 }),
};

export const logKeys = {
  all: ['log'] as const,
  list: (tab: LogTab, q: unknown) => ['log', tab, q] as const,
};

/** `cash-log-20300110-111500.csv` from the site wall clock `YYYY-MM-DD HH:mm:ss`. */
export function csvFileName(tab: LogTab, now: string): string {
  return `${tab}-log-${now.replace(/-/g, '').replace(' ', '-').replace(/:/g, '')}.csv`;
}
