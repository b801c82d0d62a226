import { api } from '../../../lib/api';

/**
 * The caller's own password change (`change_account_info`, open to a session that must change its
 * password): its refusals (a wrong current password, a password the rules refuse, the same one
 * again) are the form's to show.
 */
export const passwordChangeApi = {
  change: (oldPassword: string, newPassword: string) =>
    api.post<null>('/manage/change_account_info', { oldPassword, newPassword }, { errorMessageMode: 'none' }),
};
