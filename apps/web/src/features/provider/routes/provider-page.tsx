import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProviderAbilities } from '@agent-bo/shared';
import { useGridQuery } from '../../../hooks/use-grid-query';
import { currentSiteId } from '../../../lib/site';
import { providerApi, providerKeys } from '../api/provider-api';
import { ProviderTable } from '../components/provider-table';
import { EndpointModal } from '../components/endpoint-modal';
import { ReconciliationCard } from '../components/reconciliation-card';
import { SecretModal } from '../components/secret-modal';
import { useProviderActions } from '../hooks/use-provider-actions';
import '../provider.css';

const NO_ABILITIES: ProviderAbilities = { maintain: false, offer: false, reconcile: false };

/**
 * `/provider/index` (PRODUCT.md §5): the platform's game providers with this site's own state —
 * status, offering, the site's shared secret and its endpoint at each provider. Controls the caller may not use are absent; the list
 * answer says which (`abilities`: the server's rule, site admins holding the code).
 */
export default function ProviderPage() {
  const { t } = useTranslation('provider');
  const client = useQueryClient();

  const grid = useGridQuery({ queryKey: providerKeys.list, queryFn: ({ signal }) => providerApi.list(signal), testId: 'provider' });
  const { query } = grid;
  const rows = query.data?.providers ?? [];
  const can = query.data?.abilities ?? NO_ABILITIES;
  const refresh = () => client.invalidateQueries({ queryKey: providerKeys.list });
  const actions = useProviderActions(refresh);

  return (
    <div className="page provider-page" data-testid="provider-page">
      <Card variant="borderless">
        <div className="provider-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={query.isFetching} data-testid="provider-refresh">
            {t('refresh')}
          </Button>
        </div>
        <Typography.Paragraph type="secondary" className="provider-intro">
          {t('intro', { site: currentSiteId() })}
        </Typography.Paragraph>
        {query.data && !can.maintain && !can.offer ? (
          <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 12 }} data-testid="provider-readonly" />
        ) : null}
        {grid.notice}
        <ProviderTable
          rows={rows}
          fetching={query.isFetching}
          loaded={!!query.data}
          can={can}
          actions={actions}
          failure={grid.emptyText()}
        />
      </Card>
      {can.reconcile && rows.length ? <ReconciliationCard providers={rows} /> : null}
      {/* Unmounted on close (no closing animation keeping the last content): the secret leaves the page at once. */}
      {actions.endpointOf ? (
        <EndpointModal row={actions.endpointOf} busy={actions.endpointBusy} onSave={actions.saveEndpoint} onClose={actions.closeEndpoint} />
      ) : null}
      {actions.secret ? <SecretModal secret={actions.secret.value} name={actions.secret.name} onClose={actions.closeSecret} /> : null}
    </div>
  );
}
