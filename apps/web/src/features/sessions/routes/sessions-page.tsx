import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { SessionTabs } from '../../../components/session-tabs';

/**
 * `/sessions` (every signed-in user, from the user menu): where the caller's account is signed in
 * now, with "End" per session and "Sign out everywhere else", and its sign-in history. The member
 * screen shows the same two lists for an account of the caller's subtree.
 */
export default function SessionsPage() {
  const { t } = useTranslation('sessions');
  return (
    <ListPage testId="sessions-page" prefix="sessions" title={t('title')} intro={t('intro')}>
      <SessionTabs canEnd />
    </ListPage>
  );
}
