import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentSiteId } from '../../lib/site';
import { useUserStore } from '../../stores/user-store';

/**
 * Which site the operator is working on, in the header: an operator with accounts on several
 * sites keeps their tabs apart by it. The site of the session (the one the server answers for),
 * or the page's host before the user is known.
 */
export function SiteBadge() {
  const { t } = useTranslation();
  const siteId = useUserStore((s) => s.userInfo?.siteId) ?? currentSiteId();
  const name = t(`sites.${siteId}`, { defaultValue: siteId });
  return (
    <Tooltip title={t('header.site', { name })}>
      <Tag className="site-badge" variant="filled" aria-label={t('header.site', { name })} data-testid="header-site">
        {name}
      </Tag>
    </Tooltip>
  );
}
