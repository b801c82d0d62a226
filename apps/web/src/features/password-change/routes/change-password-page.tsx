import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LOGIN_PATH, TWO_FACTOR_PATH } from '../../../config/routes';
import { PublicPage } from '../../../components/public-page';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { fetchUserInfo } from '../../../lib/auth-api';
import { showToast } from '../../../lib/feedback';
import { homePath, signOut } from '../../../stores/session';
import { forgetSigninPassword, signinPasswordFor } from '../../../stores/signin-password';
import { useUserStore } from '../../../stores/user-store';
import { ChangePasswordForm } from '../components/change-password-form';

/**
 * `/change-password`: a session signed in with a password someone else chose (a hand-off at
 * creation or a reset) replaces it before anything else; the server refuses every other call
 * (PASSWORD_CHANGE_REQUIRED) meanwhile, so the page stands alone, without the layout. Once
 * changed, the session goes on to its next step (enrolling a required second factor) or home.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('passwordChange');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.userInfo);
  const token = useUserStore((s) => s.token);
  const setUserInfo = useUserStore((s) => s.setUserInfo);

  if (user && user.sessionStep !== 'CHANGE_PASSWORD') return <Navigate to={homePath()} replace />;

  async function changed() {
    forgetSigninPassword();
    const info = await fetchUserInfo({ errorMessageMode: 'none' });
    setUserInfo(info);
    showToast({ type: 'success', key: 'password-changed', content: t('done'), keepOnRouteChange: true });
    void navigate(info.sessionStep === 'ENROL_SECOND_FACTOR' ? TWO_FACTOR_PATH : homePath(), { replace: true });
  }

  return (
    <PublicPage
      localePicker={localePicker}
      darkToggle={darkToggle}
      title={t('title')}
      subtitle={
        <>
          <span data-testid="change-password-account">{t('account', { accountNo: user?.accountNo ?? '' })}</span>
          <br />
          {t('subtitle')}
        </>
      }
      testId="change-password-page"
      links={
        <a
          href={LOGIN_PATH}
          data-testid="change-password-signout"
          onClick={(event) => {
            event.preventDefault();
            void signOut().then(() => navigate(LOGIN_PATH, { replace: true }));
          }}
        >
          {t('signOut')}
        </a>
      }
    >
      <ChangePasswordForm accountNo={user?.accountNo ?? ''} typedPassword={signinPasswordFor(token)} onChanged={changed} />
    </PublicPage>
  );
}
