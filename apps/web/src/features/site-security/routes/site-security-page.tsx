import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { useIsSiteAdmin } from '../../../hooks/use-is-site-admin';
import { SiteSecurityForm } from '../components/site-security-form';

/**
 * `/site-security`, from the user menu of the site's admin: how every account of the site signs in.
 * Anyone else reaching the address is told the page is the admin's, without a request the server
 * would refuse.
 */
export default function SiteSecurityPage() {
  const { t } = useTranslation('siteSecurity');
  const admin = useIsSiteAdmin();
  if (!admin)
    return (
      <div className="page" data-testid="site-security-page">
        <Card variant="borderless">
          <Result status="403" title={t('adminOnly')} data-testid="site-security-admin-only" />
        </Card>
      </div>
    );
  return (
    <ListPage testId="site-security-page" prefix="site-security" title={t('title')} intro={t('intro')}>
      <SiteSecurityForm />
    </ListPage>
  );
}
