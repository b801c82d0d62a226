import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsSiteAdmin } from '../../../hooks/use-is-site-admin';
import { OutboxScreen } from '../components/outbox-screen';

/**
 * `/outbox`, from the user menu of the site's admin. Anyone else reaching the address is told the
 * page is the admin's, without a request the server would refuse.
 */
export default function OutboxPage() {
  const { t } = useTranslation('outbox');
  const admin = useIsSiteAdmin();
  if (admin) return <OutboxScreen />;
  return (
    <div className="page" data-testid="outbox-page">
      <Card variant="borderless">
        <Result status="403" title={t('adminOnly')} data-testid="outbox-admin-only" />
      </Card>
    </div>
  );
}
