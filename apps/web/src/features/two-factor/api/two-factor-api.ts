import type { RecoveryCodes, SecondFactorStart, SecondFactorStatus } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/**
 * The caller's own two-step verification (issue 33). A wrong code is shown on the page next to
 * the field it belongs to, so those calls toast nothing.
 */
export const twoFactorApi = {
  status: (signal?: AbortSignal) => api.post<SecondFactorStatus>('/manage/second_factor/status', {}, { signal }),
  start: () => api.post<SecondFactorStart>('/manage/second_factor/start', {}),
  confirm: (code: string) => api.post<RecoveryCodes>('/manage/second_factor/confirm', { code }, { errorMessageMode: 'none' }),
  disable: (code: string) => api.post<null>('/manage/second_factor/disable', { code }, { errorMessageMode: 'none' }),
};

export const twoFactorKeys = {
  status: ['two-factor', 'status'] as const,
};
