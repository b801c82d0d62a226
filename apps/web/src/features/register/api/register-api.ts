import type { RegisterRequest, SubmitVerifyRequest } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** The public calls of the invite page (no session); the page shows their failures itself. */
export const registerApi = {
  register: (body: RegisterRequest) => api.post<unknown>('/manage/player/register', body, { errorMessageMode: 'none' }),
  submitVerify: (body: SubmitVerifyRequest) => api.post<unknown>('/manage/player/submit_verify', body, { errorMessageMode: 'none' }),
};
