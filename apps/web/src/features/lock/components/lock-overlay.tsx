import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Avatar, Button, Input, theme, Typography } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ERRORS } from '@agent-bo/shared';
import { loginHref } from '../../../stores/navigation';
import { LOGIN_PATH } from '../../../config/routes';
import { resetSessionState, signOut } from '../../../stores/session';
import { readableTextOn } from '../../../config/theme';
import { useLocaleStore } from '../../../stores/locale-store';
import { useUserStore } from '../../../stores/user-store';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/feedback';
import { toLanguageTag } from '../../../lib/i18n';
import { unlockScreen } from '../api/lock-api';
import { useLockStore } from '../../../stores/lock-store';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { useNow } from '../use-now';
import { useSiteTimeZone } from '../../../hooks/use-site-time-zone';
import './lock-screen.css';

function Clock() {
  const now = useNow();
  const locale = useLocaleStore((s) => s.locale);
  // The site's wall clock, as every time on screen, not the browser's.
  const timeZone = useSiteTimeZone();
  const tag = toLanguageTag(locale);
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(now);
  const date = new Intl.DateTimeFormat(tag, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(now);
  return (
    <div className="lock-overlay__clock" aria-hidden="true">
      <div className="lock-overlay__time" data-testid="lock-time">
        {time}
      </div>
      <div className="lock-overlay__date">{date}</div>
    </div>
  );
}

/**
 * The opaque full-screen lock (a portal on `<body>`, above antd modals and toasts). Only a
 * server-checked password lifts it; "back to sign-in" ends the session instead.
 */
export function LockOverlay() {
  const { t } = useTranslation('lock');
  const { token } = theme.useToken();
  const user = useUserStore((s) => s.userInfo);
  const unlock = useLockStore((s) => s.unlock);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useFocusTrap(rootRef);
  const name = user?.nickName || user?.accountNo || '';

  const mutation = useMutation({
    mutationFn: (value: string) => unlockScreen({ password: value }),
    onMutate: () => setError(null),
    onSuccess: () => unlock(),
    onError: (failure) => {
      if (isApiError(failure)) {
        // A 401 is handled by the client: login, or the session-timeout cover in place of this lock.
        if (failure.kind === 'cancelled' || failure.kind === 'unauthorized') return;
        if (failure.code === ERRORS.WRONG_PASSWORD.code) {
          setPassword('');
          setError(t('wrongPassword'));
          return;
        }
        if (failure.code === ERRORS.SIGNIN_LOCKED.code) {
          // Too many wrong passwords: the server has revoked the session. The lock stays
          // stored until the next sign-in, so other tabs stay covered too.
          showToast({ type: 'error', key: 'lock-locked-out', content: failure.message, keepOnRouteChange: true, duration: 6 });
          const here = `${window.location.pathname}${window.location.search}`;
          api.cancelPending();
          resetSessionState();
          void navigate(loginHref(here), { replace: true });
          return;
        }
      }
      setError(failure.message || t('http:requestFailed'));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!password) {
      setError(t('passwordRequired'));
      return;
    }
    mutation.mutate(password);
  };

  const backToSignin = async () => {
    await signOut();
    void navigate(LOGIN_PATH, { replace: true });
  };

  return createPortal(
    <div
      ref={rootRef}
      className="lock-overlay"
      data-testid="lock-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t('title')}
      tabIndex={-1}
      style={{
        background: `radial-gradient(circle at 20% 15%, ${token.colorPrimaryBg}, transparent 45%), ${token.colorBgLayout}`,
        color: token.colorText,
      }}
    >
      <Clock />
      <form
        className="lock-overlay__panel"
        onSubmit={onSubmit}
        style={{ background: token.colorBgContainer, boxShadow: token.boxShadowSecondary, borderRadius: token.borderRadiusLG }}
      >
        <Avatar
          size={72}
          icon={name ? undefined : <UserOutlined />}
          className="lock-overlay__avatar"
          style={{ background: token.colorPrimary, color: readableTextOn(token.colorPrimary) }}
        >
          {name.slice(0, 1).toUpperCase() || undefined}
        </Avatar>
        <Typography.Title level={4} className="lock-overlay__name" data-testid="lock-user">
          {name}
        </Typography.Title>
        <Typography.Text type="secondary" className="lock-overlay__hint">
          <LockOutlined /> {t('hint')}
        </Typography.Text>
        <Input.Password
          size="large"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (error) setError(null);
          }}
          placeholder={t('passwordPlaceholder')}
          aria-label={t('passwordPlaceholder')}
          autoComplete="current-password"
          status={error ? 'error' : undefined}
          data-testid="lock-password"
        />
        {error ? (
          <Typography.Text type="danger" role="alert" className="lock-overlay__error" data-testid="lock-error">
            {error}
          </Typography.Text>
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          icon={<UnlockOutlined />}
          loading={mutation.isPending}
          data-testid="lock-unlock"
        >
          {t('unlock')}
        </Button>
        <Button type="link" block onClick={() => void backToSignin()} data-testid="lock-relogin">
          {t('relogin')}
        </Button>
      </form>
    </div>,
    document.body,
  );
}
