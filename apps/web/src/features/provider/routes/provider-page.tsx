import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, List, Select, Space, Switch, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_STATUSES, type ProviderAbilities, type ProviderRow, type ProviderSecret, type ProviderStatus } from '@agent-bo/shared';
import { useIsMobile } from '../../../app/layouts/use-is-mobile';
import { currentSiteId } from '../../../lib/site';
import { usePlayerTerms } from '../../member/use-player-terms';
import { providerApi, providerKeys } from '../api/provider-api';
import { SecretModal } from '../components/secret-modal';
import '../provider.css';

const STATUS_COLORS: Record<ProviderStatus, string> = { ACTIVE: 'success', MAINTAIN: 'warning', DISABLE: 'error' };
const NO_ABILITIES: ProviderAbilities = { maintain: false, offer: false };

/**
 * `/provider/index` (PRODUCT.md §5): the platform's game providers — status (every site), this
 * site's offering and the shared secret. Controls the caller may not use are absent; the list
 * answer says which (`abilities`: the server's rule, site admins holding the code).
 */
export default function ProviderPage() {
  const { t } = useTranslation('provider');
  const { modal } = App.useApp();
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  const client = useQueryClient();
  const [secret, setSecret] = useState<{ value: ProviderSecret; name: string } | null>(null);

  const query = useQuery({ queryKey: providerKeys.list, queryFn: ({ signal }) => providerApi.list(signal) });
  const rows = query.data?.providers ?? [];
  const can = query.data?.abilities ?? NO_ABILITIES;
  const refresh = () => client.invalidateQueries({ queryKey: providerKeys.list });

  const status = useMutation({ mutationFn: providerApi.changeStatus, onSettled: refresh });
  const offering = useMutation({ mutationFn: providerApi.setOffering, onSettled: refresh });
  const rotate = useMutation({ mutationFn: (row: ProviderRow) => providerApi.rotateSecret(row.code), onSettled: refresh });

  const statusLabel = (s: ProviderStatus) => t(`status.${s}`);

  const confirmStatus = (row: ProviderRow, next: ProviderStatus) => {
    if (next === row.status) return;
    void modal.confirm({
      title: t('confirmStatus.title', { name: row.name, code: row.code }),
      content: (
        <div data-testid="provider-status-confirm">
          <Typography.Paragraph>
            <Tag color={STATUS_COLORS[row.status]}>{statusLabel(row.status)}</Tag> → <Tag color={STATUS_COLORS[next]}>{statusLabel(next)}</Tag>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t(next === 'ACTIVE' ? 'confirmStatus.toActive' : 'confirmStatus.toStopped')} {t('confirmStatus.everySite')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('confirmStatus.ok'),
      okButtonProps: { danger: next !== 'ACTIVE', 'data-testid': 'provider-status-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => status.mutateAsync({ code: row.code, status: next }).catch(() => undefined),
    });
  };

  const changeOffering = (row: ProviderRow, offered: boolean) => {
    if (offered) {
      offering.mutate({ code: row.code, offered });
      return;
    }
    void modal.confirm({
      title: t('confirmOffering.title', { name: row.name, code: row.code }),
      content: <span data-testid="provider-offering-confirm">{t('confirmOffering.content', terms)}</span>,
      okText: t('confirmOffering.ok'),
      okButtonProps: { danger: true, 'data-testid': 'provider-offering-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => offering.mutateAsync({ code: row.code, offered }).catch(() => undefined),
    });
  };

  const confirmRotate = (row: ProviderRow) => {
    void modal.confirm({
      title: t('confirmRotate.title', { name: row.name, code: row.code }),
      content: <span data-testid="provider-rotate-confirm">{t(row.secretSet ? 'confirmRotate.content' : 'confirmRotate.first')}</span>,
      okText: t('confirmRotate.ok'),
      okButtonProps: { danger: row.secretSet, 'data-testid': 'provider-rotate-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          const value = await rotate.mutateAsync(row);
          setSecret({ value, name: row.name });
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  const closeSecret = () => {
    setSecret(null);
    // The secret leaves memory with the dialog: nothing keeps the mutation's answer.
    rotate.reset();
  };

  const cells = {
    provider: (r: ProviderRow) => (
      <span className="provider-name">
        <Typography.Text strong>{r.name}</Typography.Text> <Typography.Text type="secondary">{r.code}</Typography.Text>
      </span>
    ),
    status: (r: ProviderRow) => (
      <Space size={8} wrap>
        <Tag color={STATUS_COLORS[r.status]} data-testid={`provider-status-${r.code}`} data-status={r.status}>
          {statusLabel(r.status)}
        </Tag>
        {can.maintain ? (
          <Select<ProviderStatus>
            size="small"
            value={r.status}
            style={{ width: 130 }}
            aria-label={t('columns.changeStatus', { code: r.code })}
            options={PROVIDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            optionRender={(o) => <span data-testid={`provider-status-option-${String(o.value)}`}>{o.label}</span>}
            onChange={(next) => confirmStatus(r, next)}
            data-testid={`provider-status-select-${r.code}`}
          />
        ) : null}
      </Space>
    ),
    offered: (r: ProviderRow) =>
      can.offer ? (
        <Switch
          checked={r.offered}
          loading={offering.isPending && offering.variables?.code === r.code}
          checkedChildren={t('offered.yes')}
          unCheckedChildren={t('offered.no')}
          aria-label={t('columns.offered')}
          onChange={(next) => changeOffering(r, next)}
          data-testid={`provider-offered-${r.code}`}
          data-offered={r.offered ? 'yes' : 'no'}
        />
      ) : (
        <Tag color={r.offered ? 'blue' : 'default'} data-testid={`provider-offered-${r.code}`} data-offered={r.offered ? 'yes' : 'no'}>
          {t(r.offered ? 'offered.yes' : 'offered.no')}
        </Tag>
      ),
    players: (r: ProviderRow) => (
      <span className="provider-number" data-testid={`provider-players-${r.code}`}>
        {r.enabledPlayers.toLocaleString('en-US')}
      </span>
    ),
    secret: (r: ProviderRow) => (
      <Space size={8} wrap>
        <Space size={4} wrap data-testid={`provider-secret-${r.code}`} data-set={r.secretSet ? 'yes' : 'no'}>
          {r.secretSet ? <Tag color="success">{t('secret.set')}</Tag> : <Tag color="error">{t('secret.unset')}</Tag>}
          {r.secretRotatedAt ? <Typography.Text type="secondary">{t('secret.rotatedAt', { at: r.secretRotatedAt })}</Typography.Text> : null}
        </Space>
        {can.maintain ? (
          <Button
            size="small"
            icon={<KeyOutlined />}
            loading={rotate.isPending && rotate.variables?.code === r.code}
            onClick={() => confirmRotate(r)}
            data-testid={`provider-rotate-${r.code}`}
          >
            {t(r.secretSet ? 'secret.rotate' : 'secret.issue')}
          </Button>
        ) : null}
      </Space>
    ),
  } satisfies Record<string, (r: ProviderRow) => ReactNode>;

  const columns: ColumnsType<ProviderRow> = [
    { title: t('columns.provider'), key: 'provider', render: (_: unknown, r) => cells.provider(r) },
    { title: t('columns.status'), key: 'status', render: (_: unknown, r) => cells.status(r) },
    { title: t('columns.offered'), key: 'offered', render: (_: unknown, r) => cells.offered(r) },
    { title: t('columns.players', terms), key: 'players', align: 'right', render: (_: unknown, r) => cells.players(r) },
    { title: t('columns.secret'), key: 'secret', render: (_: unknown, r) => cells.secret(r) },
  ];

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
        {isMobile ? (
          <List<ProviderRow>
            dataSource={rows}
            loading={query.isFetching && !query.data}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            data-testid="provider-table"
            renderItem={(r) => (
              <Card size="small" className="provider-card" title={cells.provider(r)} data-testid={`provider-row-${r.code}`}>
                <dl className="provider-fields">
                  <dt><Typography.Text type="secondary">{t('columns.status')}</Typography.Text></dt>
                  <dd>{cells.status(r)}</dd>
                  <dt><Typography.Text type="secondary">{t('columns.offered')}</Typography.Text></dt>
                  <dd>{cells.offered(r)}</dd>
                  <dt><Typography.Text type="secondary">{t('columns.players', terms)}</Typography.Text></dt>
                  <dd>{cells.players(r)}</dd>
                  <dt><Typography.Text type="secondary">{t('columns.secret')}</Typography.Text></dt>
                  <dd>{cells.secret(r)}</dd>
                </dl>
              </Card>
            )}
          />
        ) : (
          <div data-testid="provider-table">
            <Table<ProviderRow>
              rowKey="code"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={query.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('empty') }}
              onRow={(r) => ({ 'data-testid': `provider-row-${r.code}` }) as HTMLAttributes<HTMLElement>}
            />
          </div>
        )}
      </Card>
      {/* Unmounted on close (no closing animation keeping the last content): the secret leaves the page at once. */}
      {secret ? <SecretModal secret={secret.value} name={secret.name} onClose={closeSecret} /> : null}
    </div>
  );
}
