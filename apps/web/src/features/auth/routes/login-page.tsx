import { Form } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SigninRequest } from '@agent-bo/shared';
import { FORGOT_PASSWORD_PATH, PHONE_LOGIN_PATH, QR_LOGIN_PATH } from '../../../config/routes';
import { PublicPage } from '../../../components/public-page';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { useSignedIn } from '../../../hooks/use-signed-in';
import { SigninForm } from '../../../components/signin-form';
import { restoreLoginSnapshotFocus, takeLoginSnapshot } from '../../../lib/login-snapshot';

/** Sign-in screen. After success the login guard moves on to the redirect target or home. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const onSignedIn = useSignedIn();
  // The phone code sign-in keeps the redirect target (`?redirect=…`) the login guard goes to.
  const { search } = useLocation();
  const [form] = Form.useForm<SigninRequest>();
  // The prerendered login page (lib/login-snapshot.ts) gives way to this one before it is painted,
  // with what was typed into it and the focus and caret where they were. The fields take the
  // values when React applies this effect's update, synchronously after the effect; the caret is
  // put back after that (a microtask: before any key pressed meanwhile is handled).
  useLayoutEffect(() => {
    const taken = takeLoginSnapshot();
    if (!taken) return;
    const typed = Object.fromEntries(Object.entries(taken.values).filter(([, v]) => v !== undefined));
    if (Object.keys(typed).length > 0) form.setFieldsValue(typed);
    queueMicrotask(() => restoreLoginSnapshotFocus(taken));
  }, [form]);

  return (
    <PublicPage
      localePicker={localePicker}
      darkToggle={darkToggle}
      tagline={t('tagline')}
      title={t('title')}
      subtitle={t('subtitle')}
      links={
        <>
          <Link to={FORGOT_PASSWORD_PATH} data-testid="login-forgot">
            {t('forgotPassword')}
          </Link>
          <Link to={`${PHONE_LOGIN_PATH}${search}`} data-testid="login-phone">
            {t('phoneLogin')}
          </Link>
          <Link to={`${QR_LOGIN_PATH}${search}`}>{t('qrLogin')}</Link>
        </>
      }
    >
      {/* The password typed is what a forced change of a handed-out password asks for first. */}
      <SigninForm onSignedIn={(response) => onSignedIn(response, form.getFieldValue('password') as string | undefined)} form={form} />
    </PublicPage>
  );
}
