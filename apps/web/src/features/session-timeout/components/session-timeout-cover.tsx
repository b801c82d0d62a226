import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignedIn } from '@agent-bo/shared';
import { loginHref } from '../../../stores/navigation';
import { resetSessionState } from '../../../stores/session';
import { useUserStore } from '../../../stores/user-store';
import { api } from '../../../lib/api';
import { SigninForm } from '../../../components/signin-form';
import { useLockStore } from '../../../stores/lock-store';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { resumeAfterCoverSignin } from '../resume-session';
import { useSessionTimeoutStore } from '../../../stores/session-timeout-store';
import './session-timeout-cover.css';

function CoverDialog() {
  const { t } = useTranslation('lock');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.userInfo);
  // Who was signed in when the session ended; decides between resuming and rebuilding.
  const [previousUserId] = useState(user?.id);
  // A locked screen must stay unreadable: the cover replaces the lock without showing the page.
  const opaque = useLockStore((s) => s.locked);
  const rootRef = useRef<HTMLDivElement>(null);
  useFocusTrap(rootRef);

  const onSignedIn = async (response: SignedIn) => {
    await resumeAfterCoverSignin(response, previousUserId);
  };

  const toLoginPage = () => {
    const here = `${window.location.pathname}${window.location.search}`;
    api.cancelPending();
    resetSessionState();
    void navigate(loginHref(here), { replace: true });
  };

  return createPortal(
    <div
      ref={rootRef}
      className={`session-timeout-cover${opaque ? ' session-timeout-cover--opaque' : ''}`}
      data-testid="session-timeout-cover"
      data-opaque={opaque ? 'true' : 'false'}
      role="dialog"
      aria-modal="true"
      aria-labelledby="session-timeout-title"
      tabIndex={-1}
      style={{ background: opaque ? token.colorBgLayout : token.colorBgMask }}
    >
      <Card className="session-timeout-cover__card" variant="borderless" style={{ boxShadow: token.boxShadowSecondary }}>
        <Typography.Title level={4} id="session-timeout-title" className="session-timeout-cover__title">
          <ClockCircleOutlined style={{ color: token.colorWarning }} /> {t('sessionTimeout.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('sessionTimeout.description')}</Typography.Paragraph>
        <SigninForm initialAccountNo={user?.accountNo} onSignedIn={onSignedIn} />
        <Button type="link" block onClick={toLoginPage} className="session-timeout-cover__to-login" data-testid="session-timeout-to-login">
          {t('sessionTimeout.toLogin')}
        </Button>
      </Card>
    </div>,
    document.body,
  );
}

/**
 * Page cover with an in-place sign-in, shown on session expiry in PAGE_COVERAGE mode (spec §4).
 * The page underneath stays mounted, so its filters, paging and open tab are kept. Being
 * rendered by the shared layout, it also tells the 401 handling that a page is showing.
 */
export function SessionTimeoutCover() {
  const timedOut = useSessionTimeoutStore((s) => s.timedOut);
  const setPageShowing = useSessionTimeoutStore((s) => s.setPageShowing);

  useEffect(() => {
    setPageShowing(true);
    return () => setPageShowing(false);
  }, [setPageShowing]);

  return timedOut ? <CoverDialog /> : null;
}
