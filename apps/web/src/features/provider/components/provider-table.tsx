import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_STATUSES, type ProviderAbilities, type ProviderRow, type ProviderStatus } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import type { ProviderActions } from '../hooks/use-provider-actions';
import { STATUS_COLORS } from './status-colors';
import { FIT_TABLE } from '../../../components/fit-table';

type Cell = (r: ProviderRow) => ReactNode;

/**
 * The cells of a provider, shared by the table's columns and the phone's cards. A control
 * appears only with its ability (`can`); without it the cell shows the value alone.
 */
function useProviderCells(can: ProviderAbilities, actions: ProviderActions) {
  const { t } = useTranslation('provider');
  const statusLabel = (s: ProviderStatus) => t(`status.${s}`);
  return {
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
            onChange={(next) => actions.confirmStatus(r, next)}
            data-testid={`provider-status-select-${r.code}`}
          />
        ) : null}
      </Space>
    ),
    offered: (r: ProviderRow) =>
      can.offer ? (
        <Switch
          checked={r.offered}
          loading={actions.offeringBusy(r.code)}
          checkedChildren={t('offered.yes')}
          unCheckedChildren={t('offered.no')}
          aria-label={t('columns.offered')}
          onChange={(next) => actions.changeOffering(r, next)}
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
          {r.secretRotatedAt ? (
            <Typography.Text type="secondary">{t('secret.rotatedAt', { at: r.secretRotatedAt })}</Typography.Text>
          ) : null}
        </Space>
        {can.maintain ? (
          <Button
            size="small"
            icon={<KeyOutlined />}
            loading={actions.rotating(r.code)}
            onClick={() => actions.confirmRotate(r)}
            data-testid={`provider-rotate-${r.code}`}
          >
            {t(r.secretSet ? 'secret.rotate' : 'secret.issue')}
          </Button>
        ) : null}
      </Space>
    ),
    endpoint: (r: ProviderRow) => (
      <Space size={8} wrap={false} className="provider-endpoint-cell">
        {r.endpoint ? (
          <Typography.Text className="provider-endpoint" ellipsis={{ tooltip: r.endpoint }} data-testid={`provider-endpoint-${r.code}`}>
            {r.endpoint}
          </Typography.Text>
        ) : (
          <Tag color="warning" data-testid={`provider-endpoint-${r.code}`}>
            {t('endpoint.unset')}
          </Tag>
        )}
        <Tooltip title={t('endpoint.editLabel', { code: r.code })}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => actions.editEndpoint(r)}
            aria-label={t('endpoint.editLabel', { code: r.code })}
            data-testid={`provider-endpoint-edit-${r.code}`}
          />
        </Tooltip>
      </Space>
    ),
  } satisfies Record<string, Cell>;
}

/** The providers as a table, or as one card per provider on a phone. */
export function ProviderTable({
  rows,
  fetching,
  loaded,
  can,
  actions,
  failure,
}: {
  rows: ProviderRow[];
  fetching: boolean;
  loaded: boolean;
  /** Shown instead of "no providers" when the list failed to load. */
  failure?: ReactNode;
  can: ProviderAbilities;
  actions: ProviderActions;
}) {
  const { t } = useTranslation('provider');
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  const cells = useProviderCells(can, actions);

  if (isMobile)
    return (
      <List<ProviderRow>
        dataSource={rows}
        loading={fetching && !loaded}
        locale={{ emptyText: failure ?? <Empty description={t('empty')} /> }}
        data-testid="provider-table"
        renderItem={(r) => (
          <Card size="small" className="provider-card" title={cells.provider(r)} data-testid={`provider-row-${r.code}`}>
            <dl className="provider-fields">
              <dt>
                <Typography.Text type="secondary">{t('columns.status')}</Typography.Text>
              </dt>
              <dd>{cells.status(r)}</dd>
              <dt>
                <Typography.Text type="secondary">{t('columns.offered')}</Typography.Text>
              </dt>
              <dd>{cells.offered(r)}</dd>
              <dt>
                <Typography.Text type="secondary">{t('columns.players', terms)}</Typography.Text>
              </dt>
              <dd>{cells.players(r)}</dd>
              <dt>
                <Typography.Text type="secondary">{t('columns.secret')}</Typography.Text>
              </dt>
              <dd>{cells.secret(r)}</dd>
              {can.maintain ? (
                <>
                  <dt>
                    <Typography.Text type="secondary">{t('columns.endpoint')}</Typography.Text>
                  </dt>
                  <dd>{cells.endpoint(r)}</dd>
                </>
              ) : null}
            </dl>
          </Card>
        )}
      />
    );

  const columns: ColumnsType<ProviderRow> = [
    { title: t('columns.provider'), key: 'provider', render: (_: unknown, r) => cells.provider(r) },
    { title: t('columns.status'), key: 'status', render: (_: unknown, r) => cells.status(r) },
    { title: t('columns.offered'), key: 'offered', render: (_: unknown, r) => cells.offered(r) },
    { title: t('columns.players', terms), key: 'players', align: 'right', render: (_: unknown, r) => cells.players(r) },
    // The endpoint is answered, and changed, only by those who may maintain the providers. It sits
    // under the secret (both are the site's merchant account): a column of its own would make the
    // table wider than a 1440 px screen with the side menu open.
    can.maintain
      ? {
          title: t('columns.merchant'),
          key: 'secret',
          render: (_: unknown, r) => (
            <div className="provider-merchant">
              {cells.secret(r)}
              {cells.endpoint(r)}
            </div>
          ),
        }
      : { title: t('columns.secret'), key: 'secret', render: (_: unknown, r) => cells.secret(r) },
  ];

  return (
    <div data-testid="provider-table">
      <Table<ProviderRow>
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={fetching}
        pagination={false}
        {...FIT_TABLE}
        locale={{ emptyText: failure ?? t('empty') }}
        onRow={(r) => ({ 'data-testid': `provider-row-${r.code}` }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
