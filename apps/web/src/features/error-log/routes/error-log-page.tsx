import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../../stores/user-store';
import { LocalErrorTable } from '../components/local-error-table';
import { ServerErrorTable } from '../components/server-error-table';

/** The server list and the test triggers are for operators: accounts holding the DEVELOPER code. */
function useIsDeveloper(): boolean {
  return useUserStore((s) => !!s.userInfo?.permission.permissions.some((p) => p.code === 'DEVELOPER'));
}

/** `/error-log/list`: the errors caught in this browser and, for operators, what every browser reported. */
export default function ErrorLogPage() {
  const { t } = useTranslation('errorLog');
  const developer = useIsDeveloper();
  const items = [
    {
      key: 'local',
      label: <span data-testid="error-log-local-tab">{t('tabs.local')}</span>,
      children: <LocalErrorTable developer={developer} />,
    },
    ...(developer
      ? [
          {
            key: 'server',
            label: <span data-testid="error-log-server-tab">{t('tabs.server')}</span>,
            children: <ServerErrorTable />,
            destroyOnHidden: true,
          },
        ]
      : []),
  ];
  return (
    <div className="page" data-testid="error-log-page">
      <Card variant="borderless" title={t('title')}>
        <Tabs items={items} />
      </Card>
    </div>
  );
}
