import { Card, Tabs as AntTabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LOG_TABS, type LogTab } from '@agent-bo/shared';
import { useUserStore } from '../../../stores/user-store';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { LogTabView } from '../components/log-tab-view';

export const LOG_PATH = '/log/index';

/** `/log/index` (spec §2): operation, cash, ratio and transfer logs of the caller's subtree. */
export default function LogPage() {
  const { t } = useTranslation('log');
  const user = useUserStore((s) => s.userInfo);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: LogTab = (LOG_TABS as readonly string[]).includes(requested ?? '') ? (requested as LogTab) : 'operation';
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());

  return (
    <div className="page log-page" data-testid="log-page">
      <Card variant="borderless">
        <div className="log-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="log-timezone">
            {t('timeZone', { zone: timeZone })}
          </Typography.Text>
        </div>
        <Tabs tab={tab} onChange={(k) => setSearch(k === 'operation' ? {} : { tab: k })} timeZone={timeZone} />
      </Card>
    </div>
  );
}

function Tabs({ tab, onChange, timeZone }: { tab: LogTab; onChange: (tab: LogTab) => void; timeZone: string }) {
  const { t } = useTranslation('log');
  return (
    <AntTabs
      activeKey={tab}
      onChange={(k) => onChange(k as LogTab)}
      destroyOnHidden
      items={LOG_TABS.map((k) => ({
        key: k,
        label: <span data-testid={`log-tab-${k}`}>{t(`tabs.${k}`)}</span>,
        children: <LogTabView tab={k} timeZone={timeZone} />,
      }))}
    />
  );
}
