import { ForgotPasswordScreen } from '../components/forgot-password-screen';

/** `/forgot-password` (public, behind the login guard): a request to the upper agent, or a code and a new password. */
export default function ForgotPasswordPage() {
  return <ForgotPasswordScreen />;
}
