import type { QrDecideRequest, QrRequest, QrStartResponse, QrWaitResponse } from '@agent-bo/shared';
import { QR_WAIT_SECONDS } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/**
 * QR sign-in (issue 33). The asking page's calls are public: `start` gives the code for the
 * picture and the page's own wait token, `wait` is the long poll. The approving device's calls
 * are signed in. Every failure is shown by the page itself (no toast).
 */
export const qrApi = {
  start: (signal: AbortSignal) => api.post<QrStartResponse>('/manage/signin/qr/start', {}, { signal, errorMessageMode: 'none' }),
  // The server holds the call up to QR_WAIT_SECONDS; the client's timeout leaves it room.
  wait: (waitToken: string, signal: AbortSignal) =>
    api.post<QrWaitResponse>(
      '/manage/signin/qr/wait',
      { waitToken },
      { signal, errorMessageMode: 'none', timeoutMs: (QR_WAIT_SECONDS + 20) * 1000 },
    ),
  show: (token: string, signal?: AbortSignal) => api.post<QrRequest>('/manage/qr/show', { token }, { signal, errorMessageMode: 'none' }),
  decide: (body: QrDecideRequest) => api.post<null>('/manage/qr/decide', body, { errorMessageMode: 'none' }),
};
