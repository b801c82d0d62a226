import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpenSessions, type SessionListProps } from './open-sessions';
import { SignInHistory } from './sign-in-history';

/**
 * "Open sessions" and "Sign-in history" of one account, as tabs: the caller's own page and the
 * member screen's drawer show the same two lists.
 */
export function SessionTabs(props: SessionListProps) {
  const { t } = useTranslation('sessions');
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'open', label: <span data-testid="sessions-tab-open">{t('tabs.open')}</span>, children: <OpenSessions {...props} /> },
        {
          key: 'history',
          label: <span data-testid="sessions-tab-history">{t('tabs.history')}</span>,
          children: <SignInHistory accountId={props.accountId} />,
        },
      ]}
    />
  );
}
