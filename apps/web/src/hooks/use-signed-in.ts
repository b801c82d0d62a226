import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedIn } from '@agent-bo/shared';
import { showToast } from '../lib/feedback';
import { applySignin } from '../stores/apply-signin';
import { holdSigninPassword } from '../stores/signin-password';

/**
 * What a sign-in page does with the server's answer, whichever way the visitor signed in (password
 * or phone code): the session taken into use and the welcome toast, kept across the navigation the
 * login guard then makes to the redirect target or home. `typedPassword`, the password just typed,
 * is held in memory for a session that must replace it, so the forced change does not ask again.
 */
export function useSignedIn(): (response: SignedIn, typedPassword?: string) => void {
  const { t } = useTranslation('login');
  return useCallback(
    (response: SignedIn, typedPassword?: string) => {
      if (typedPassword && response.user.sessionStep === 'CHANGE_PASSWORD') holdSigninPassword(response.token, typedPassword);
      applySignin(response);
      showToast({
        type: 'success',
        key: 'signin-welcome',
        content: t('welcome', { name: response.user.nickName || response.user.accountNo }),
        keepOnRouteChange: true,
      });
    },
    [t],
  );
}
