import type {
  AcceptedResponse,
  CodeSendRequest,
  CodeSigninRequest,
  ForgotPasswordRequest,
  ResetByCodeRequest,
  SigninResponse,
} from '@agent-bo/shared';
import { api } from '../../../lib/api';

/**
 * The public calls of the other ways in (no session): a sign-in code to the account's proved
 * phone, and a forgotten password. The asking calls answer `accepted` whatever the account; the
 * pages show every failure themselves (no toast).
 */
export const recoveryApi = {
  sendSigninCode: (body: CodeSendRequest) => api.post<AcceptedResponse>('/manage/signin/code/send', body, { errorMessageMode: 'none' }),
  signinWithCode: (body: CodeSigninRequest) => api.post<SigninResponse>('/manage/signin/code', body, { errorMessageMode: 'none' }),
  forgotPassword: (body: ForgotPasswordRequest) =>
    api.post<AcceptedResponse>('/manage/password/forgot', body, { errorMessageMode: 'none' }),
  resetByCode: (body: ResetByCodeRequest) =>
    api.post<AcceptedResponse>('/manage/password/reset_by_code', body, { errorMessageMode: 'none' }),
};
