import { PhoneLoginScreen } from '../components/phone-login-screen';

/** `/login/phone` (public, behind the login guard): sign-in with a code to the account's proved phone. */
export default function PhoneLoginPage() {
  return <PhoneLoginScreen />;
}
