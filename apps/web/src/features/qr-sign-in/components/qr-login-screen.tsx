import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, QRCode } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LOGIN_PATH, PHONE_LOGIN_PATH } from '../../../config/routes';
import { PublicPage } from '../../../components/public-page';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { useCountdown } from '../../../hooks/use-countdown';
import { useSignedIn } from '../../../hooks/use-signed-in';
import { useQrCode } from '../hooks/use-qr-code';
import '../qr-sign-in.css';

/** 1:05 for 65 seconds. */
const minutesSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The asking browser's page (`/login/qr`): a QR code for a phone already signed in, which approves
 * or denies there; this page waits and, approved, signs in exactly as the other sign-in pages do
 * (the login guard then moves on to the redirect target or home). The picture is black on white in
 * both themes: camera apps read dark modules on a light ground. Test ids `qr-login-*`; the code's
 * link is on `qr-login-code`'s `data-url`.
 */
export function QrLoginScreen() {
  const { t } = useTranslation('qrSignIn');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const onSignedIn = useSignedIn();
  const { search } = useLocation();
  const { state, renew } = useQrCode(onSignedIn);
  const countdown = useCountdown();
  const { start, stop } = countdown;
  const refreshAt = state.phase === 'waiting' ? state.refreshAt : null;

  useEffect(() => {
    if (refreshAt === null) stop();
    else start((refreshAt - Date.now()) / 1000);
  }, [refreshAt, start, stop]);

  const newCode = (
    <Button type="primary" icon={<ReloadOutlined />} onClick={renew} data-testid="qr-login-renew">
      {t('newCode')}
    </Button>
  );

  return (
    <PublicPage
      localePicker={localePicker}
      darkToggle={darkToggle}
      title={t('login:qrLogin')}
      subtitle={t('loginSubtitle')}
      testId="qr-login-page"
      links={
        <>
          <Link to={`${LOGIN_PATH}${search}`} data-testid="qr-login-password">
            {t('passwordLogin')}
          </Link>
          <Link to={`${PHONE_LOGIN_PATH}${search}`}>{t('login:phoneLogin')}</Link>
        </>
      }
    >
      {state.phase === 'denied' || state.phase === 'failed' ? (
        <div className="qr-login__ended">
          <Alert
            type={state.phase === 'denied' ? 'warning' : 'error'}
            showIcon
            title={
              <span data-testid={state.phase === 'denied' ? 'qr-login-denied' : 'qr-login-error'}>
                {state.phase === 'denied' ? t('denied') : state.message || t('http:requestFailed')}
              </span>
            }
          />
          {newCode}
        </div>
      ) : (
        <div className="qr-login__code">
          <div className="qr-login__picture" data-testid="qr-login-code" data-url={state.phase === 'waiting' ? state.url : undefined}>
            {/* The name goes on the picture itself: antd draws the code as an <svg role="img">,
                and an image role around it would leave that one unnamed (axe: svg-img-alt). */}
            <QRCode
              aria-label={t('pictureLabel')}
              type="svg"
              value={state.phase === 'waiting' ? state.url : '-'}
              status={state.phase === 'waiting' ? 'active' : 'loading'}
              size={200}
              bordered={false}
              color="#000"
              bgColor="#fff"
            />
          </div>
          <p className="qr-login__steps">{t('loginSteps')}</p>
          <p className="qr-login__countdown" aria-live="off" data-testid="qr-login-countdown">
            {state.phase === 'waiting' ? t('refreshIn', { time: minutesSeconds(countdown.seconds) }) : t('starting')}
          </p>
        </div>
      )}
    </PublicPage>
  );
}
