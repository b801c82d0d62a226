import { QrLoginScreen } from '../components/qr-login-screen';

/** `/login/qr` (public, behind the login guard): a QR code that a device already signed in approves. */
export default function QrLoginPage() {
  return <QrLoginScreen />;
}
