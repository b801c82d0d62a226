import type { OpenSession, Page, SignInEvent } from '@agent-bo/shared';
import { api } from './api';

/**
 * Open sessions and the sign-in history (issue 33): the caller's own (`accountId` absent: the
 * "Sessions and sign-ins" page) or an account inside the caller's subtree (the member screen's
 * drawer). Both screens list them with the same components (components/session-lists.tsx).
 */
export const sessionsApi = {
  list: (accountId: number | undefined, signal?: AbortSignal) =>
    api.post<OpenSession[]>('/manage/sessions/list', accountId === undefined ? {} : { accountId }, { signal }),
  end: (id: number) => api.post<null>('/manage/sessions/end', { id }),
  /** Every session of the account but the request's own: "everywhere else" for the caller, "everywhere" for another account. */
  endOthers: (accountId: number | undefined) =>
    api.post<{ ended: number }>('/manage/sessions/end_others', accountId === undefined ? {} : { accountId }),
  history: (accountId: number | undefined, page: number, pageSize: number, signal?: AbortSignal) =>
    api.post<Page<SignInEvent>>(
      '/manage/sessions/history',
      { ...(accountId === undefined ? {} : { accountId }), page, pageSize },
      { signal },
    ),
};

export const sessionKeys = {
  all: ['sessions'] as const,
  list: (accountId: number | undefined) => ['sessions', 'list', accountId ?? 'own'] as const,
  history: (accountId: number | undefined, page: number, pageSize: number) =>
    ['sessions', 'history', accountId ?? 'own', page, pageSize] as const,
};
