import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@agent-bo/shared';
import { DarkToggle } from '../../../components/dark-toggle';
import { LocalePicker } from '../../../components/locale-picker';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { showToast } from '../../../lib/feedback';
import { applySignin } from '../../../stores/apply-signin';
import { SigninForm } from '../../../components/signin-form';

/** Sign-in screen. After success the login guard moves on to the redirect target or home. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();

  const onSignedIn = (res: SigninResponse) => {
    applySignin(res);
    showToast({
      type: 'success',
      key: 'signin-welcome',
      content: t('welcome', { name: res.user.nickName || res.user.accountNo }),
      keepOnRouteChange: true,
    });
  };

  return (
    <div className="login-page">
      <div className="login-page__tools">
        <LocalePicker {...localePicker} />
        <DarkToggle {...darkToggle} />
      </div>
      <div className="login-page__panel">
        <div className="login-page__brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={2} className="login-page__product">
            {t('common:productTitle')}
          </Typography.Title>
          <Typography.Text className="login-page__tagline">{t('tagline')}</Typography.Text>
        </div>
        <Card className="login-card" variant="borderless">
          <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
          <SigninForm onSignedIn={onSignedIn} />
        </Card>
      </div>
    </div>
  );
}
