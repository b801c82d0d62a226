import type { ClientErrorListRequest, ClientErrorPage } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** Operators' list of what every browser of this site reported (needs the DEVELOPER code). */
export const errorLogApi = {
  list: (body: ClientErrorListRequest, signal?: AbortSignal) => api.post<ClientErrorPage>('/manage/error_log/list', body, { signal }),
};

export const errorLogKeys = {
  all: ['error-log'] as const,
  list: (q: ClientErrorListRequest) => ['error-log', 'list', q] as const,
};
