import type { UnlockRequest, UnlockResponse } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** Checks the signed-in account's password on the server (the lock screen shows its own error). */
export function unlockScreen(body: UnlockRequest): Promise<UnlockResponse> {
  return api.post<UnlockResponse>('/manage/unlock', body, { errorMessageMode: 'none' });
}
