import { TwoFactorScreen } from '../components/two-factor-screen';

/** `/two-factor`: from the user menu, and where a session that must enrol is sent. */
export default function TwoFactorPage() {
  return <TwoFactorScreen />;
}
