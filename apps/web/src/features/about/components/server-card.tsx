import { ApiOutlined, ExportOutlined, ReadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Skeleton } from 'antd';
import type { About } from '@agent-bo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteTimeZone } from '../../../hooks/use-site-time-zone';
import { API_BASE_URL } from '../../../lib/api';
import { formatInstant } from '../build-info';

/** A link that opens in a window of its own, and says so to assistive technology. */
function ExternalLink({ href, icon, testId, children }: { href: string; icon: ReactNode; testId: string; children: ReactNode }) {
  const { t } = useTranslation('about');
  return (
    <Button href={href} target="_blank" rel="noopener noreferrer" icon={icon} aria-description={t('links.newWindow')} data-testid={testId}>
      {children}
      <ExportOutlined aria-hidden className="about-links__external" />
    </Button>
  );
}

interface ServerCardProps {
  about: About | undefined;
  /** The failure's message while there is nothing to show. */
  error: string | null;
  onRetry: () => void;
}

/** The running server: versions, start time, the caller's site, and the documentation links it names. */
export function ServerCard({ about, error, onRetry }: ServerCardProps) {
  const { t, i18n } = useTranslation('about');
  // As every date on screen: the site's wall clock, its zone named.
  const timeZone = useSiteTimeZone();
  let body;
  if (about) {
    const { server, site, apiDocs, docsUrl } = about;
    body = (
      <>
        <Descriptions
          column={1}
          size="small"
          bordered
          className="about-facts"
          items={[
            { key: 'version', label: t('server.version'), children: <span data-testid="about-server-version">{server.version}</span> },
            { key: 'node', label: t('server.node'), children: <span data-testid="about-node-version">{server.nodeVersion}</span> },
            {
              key: 'database',
              label: t('server.database'),
              children: <span data-testid="about-database-version">{server.databaseVersion}</span>,
            },
            {
              key: 'startedAt',
              label: t('server.startedAt'),
              children: (
                <time dateTime={server.startedAt} title={server.startedAt} data-testid="about-started-at">
                  {formatInstant(server.startedAt, i18n.language, timeZone)}
                </time>
              ),
            },
            {
              key: 'site',
              label: t('server.site'),
              children: <span data-testid="about-site">{t('server.siteValue', { name: site.name, id: site.id })}</span>,
            },
          ]}
        />
        {apiDocs.served || docsUrl ? (
          <div className="about-links">
            {apiDocs.served ? (
              <ExternalLink href={`${API_BASE_URL}${apiDocs.path}`} icon={<ApiOutlined />} testId="about-api-docs">
                {t('links.apiDocs')}
              </ExternalLink>
            ) : null}
            {docsUrl ? (
              <ExternalLink href={docsUrl} icon={<ReadOutlined />} testId="about-docs-url">
                {t('links.docs')}
              </ExternalLink>
            ) : null}
          </div>
        ) : null}
      </>
    );
  } else if (error !== null) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('server.loadFailed')}
        description={error}
        data-testid="about-server-failed"
        action={
          <Button size="small" onClick={onRetry} data-testid="about-server-retry">
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  }
  return (
    <Card variant="borderless" title={t('server.title')} className="about-card" data-testid="about-server">
      {body}
    </Card>
  );
}
