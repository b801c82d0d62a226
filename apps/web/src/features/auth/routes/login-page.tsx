import { Form, theme } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninRequest, SigninResponse } from '@agent-bo/shared';
import { DarkToggle } from '../../../components/dark-toggle';
import { LocalePicker } from '../../../components/locale-picker';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { showToast } from '../../../lib/feedback';
import { applySignin } from '../../../stores/apply-signin';
import { SigninForm } from '../../../components/signin-form';
import { restoreLoginSnapshotFocus, takeLoginSnapshot } from '../../../lib/login-snapshot';

/** Sign-in screen. After success the login guard moves on to the redirect target or home. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const { token } = theme.useToken();
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
          <h1 className="login-page__product" style={{ fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 }}>
            {t('common:productTitle')}
          </h1>
          <span className="login-page__tagline">{t('tagline')}</span>
        </div>
        {/* Plain elements styled by the theme's tokens rather than antd's Card and Typography: those
            bring tabs, skeletons, tooltips and editable text inputs the login page never shows. */}
        <section
          className="login-card"
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            color: token.colorText,
            fontSize: token.fontSize,
          }}
        >
          <h2
            className="login-card__title"
            style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}
          >
            {t('title')}
          </h2>
          <p className="login-card__subtitle" style={{ color: token.colorTextSecondary }}>
            {t('subtitle')}
          </p>
          <SigninForm onSignedIn={onSignedIn} form={form} />
        </section>
      </div>
    </div>
  );
}
