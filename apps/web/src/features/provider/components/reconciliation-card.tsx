import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_RANGE, type ProviderRow, type Reconciliation } from '@agent-bo/shared';
import { DATE_FORMAT, presetDates } from '../../../lib/date-range';
import { siteTimeZone } from '../../../lib/site';
import { providerApi, providerKeys } from '../api/provider-api';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';

type Difference = Reconciliation['differences'][number];
type Held = Reconciliation['held'][number];
type Pending = Reconciliation['pending'][number];

const DIFFERENCE_COLORS: Record<Difference['difference'], string> = {
  MISSING_AT_PROVIDER: 'red',
  MISSING_AT_PLATFORM: 'volcano',
  AMOUNT: 'orange',
  PLAYER: 'magenta',
  HELD: 'gold',
};

/**
 * The daily reconciliation of one provider on this site: our transfers against the provider's own
 * report for a business day of the site's time zone (noon to noon), the differences, the transfers
 * held for reconciliation and the pull-backs the provider has not confirmed. Read only.
 */
export function ReconciliationCard({ providers }: { providers: ProviderRow[] }) {
  const { t } = useTranslation('provider');
  const today = presetDates(DEFAULT_RANGE, siteTimeZone()).start;
  const [code, setCode] = useState<string | undefined>(undefined);
  const [date, setDate] = useState<Dayjs>(dayjs(today, DATE_FORMAT));
  const [asked, setAsked] = useState<{ code: string; date: string } | null>(null);
  const chosen = code ?? providers[0]?.code;

  const query = useQuery({
    queryKey: providerKeys.reconciliation(asked?.code ?? '', asked?.date ?? ''),
    queryFn: ({ signal }) => providerApi.reconciliation(asked!, signal),
    enabled: asked !== null,
  });
  const data = query.data;

  const differenceColumns: ColumnsType<Difference> = [
    { title: t('reconciliation.columns.at'), dataIndex: 'at', ...NOWRAP, key: 'at' },
    { title: t('reconciliation.columns.type'), key: 'type', render: (_: unknown, r) => t(`reconciliation.types.${r.type}`) },
    { title: t('reconciliation.columns.transactionId'), dataIndex: 'transactionId', ...NOWRAP, key: 'transactionId' },
    { title: t('reconciliation.columns.player'), dataIndex: 'playerAccountNo', ...NOWRAP, key: 'player' },
    { title: t('reconciliation.columns.ours'), key: 'ours', align: 'right', render: (_: unknown, r) => r.ours ?? '—' },
    { title: t('reconciliation.columns.theirs'), key: 'theirs', align: 'right', render: (_: unknown, r) => r.theirs ?? '—' },
    {
      title: t('reconciliation.columns.difference'),
      key: 'difference',
      render: (_: unknown, r) => (
        <Tag color={DIFFERENCE_COLORS[r.difference]} data-testid={`reconciliation-difference-${r.transactionId}`}>
          {t(`reconciliation.differences.${r.difference}`)}
        </Tag>
      ),
    },
  ];
  const heldColumns: ColumnsType<Held> = [
    { title: t('reconciliation.columns.at'), dataIndex: 'createdAt', ...NOWRAP, key: 'at' },
    { title: t('reconciliation.columns.transactionId'), dataIndex: 'transactionId', ...NOWRAP, key: 'transactionId' },
    { title: t('reconciliation.columns.player'), dataIndex: 'playerAccountNo', ...NOWRAP, key: 'player' },
    { title: t('reconciliation.columns.amount'), dataIndex: 'amount', ...NOWRAP, key: 'amount', align: 'right' },
    { title: t('reconciliation.columns.position'), dataIndex: 'position', ...NOWRAP, key: 'position', align: 'right' },
  ];
  const pendingColumns: ColumnsType<Pending> = [
    { title: t('reconciliation.columns.at'), dataIndex: 'createdAt', ...NOWRAP, key: 'at' },
    { title: t('reconciliation.columns.transactionId'), dataIndex: 'transactionId', ...NOWRAP, key: 'transactionId' },
    { title: t('reconciliation.columns.player'), dataIndex: 'playerAccountNo', ...NOWRAP, key: 'player' },
    { title: t('reconciliation.columns.amount'), dataIndex: 'amount', ...NOWRAP, key: 'amount', align: 'right' },
    { title: t('reconciliation.columns.attempts'), dataIndex: 'attempts', key: 'attempts', align: 'right' },
    { title: t('reconciliation.columns.lastError'), key: 'lastError', render: (_: unknown, r) => r.lastError ?? '—' },
  ];
  const table = <T extends object>(rows: T[], columns: ColumnsType<T>, empty: string, testId: string, key: (r: T) => string) => (
    <Table<T>
      rowKey={key}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      {...FIT_TABLE}
      locale={{ emptyText: empty }}
      data-testid={testId}
    />
  );

  return (
    <Card variant="borderless" className="provider-reconciliation" data-testid="provider-reconciliation" style={{ marginTop: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('reconciliation.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reconciliation.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          value={chosen}
          onChange={setCode}
          style={{ minWidth: 180 }}
          aria-label={t('reconciliation.provider')}
          options={providers.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
          data-testid="reconciliation-provider"
        />
        <DatePicker
          value={date}
          format={DATE_FORMAT}
          allowClear={false}
          aria-label={t('reconciliation.date')}
          onChange={(d) => d && setDate(d)}
          data-testid="reconciliation-date"
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={!chosen}
          loading={query.isFetching}
          onClick={() => {
            if (!chosen) return;
            const next = { code: chosen, date: date.format(DATE_FORMAT) };
            if (asked && asked.code === next.code && asked.date === next.date) void query.refetch();
            else setAsked(next);
          }}
          data-testid="reconciliation-run"
        >
          {t('reconciliation.run')}
        </Button>
      </Space>
      {data ? (
        <div data-testid="reconciliation-result">
          <Descriptions size="small" column={{ xs: 1, sm: 1, md: 3 }} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('reconciliation.day')}>
              {data.from} – {data.to}
            </Descriptions.Item>
            <Descriptions.Item label={t('reconciliation.ours')}>
              {t('reconciliation.totals', { count: data.ours.count, out: data.ours.out, in: data.ours.in, pullBack: data.ours.pullBack })}
            </Descriptions.Item>
            <Descriptions.Item label={t('reconciliation.theirs')}>
              {data.theirs
                ? t('reconciliation.totals', {
                    count: data.theirs.count,
                    out: data.theirs.out,
                    in: data.theirs.in,
                    pullBack: data.theirs.pullBack,
                  })
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          {data.providerError ? (
            <Alert
              type="warning"
              showIcon
              title={t(`reconciliation.providerError.${data.providerError === 'PROVIDER_ENDPOINT_MISSING' ? 'endpoint' : 'unreachable'}`)}
              style={{ marginBottom: 12 }}
              data-testid="reconciliation-provider-error"
            />
          ) : null}
          <Typography.Title level={5}>{t('reconciliation.differencesTitle', { n: data.differences.length })}</Typography.Title>
          {table(
            data.differences,
            differenceColumns,
            t('reconciliation.noDifferences'),
            'reconciliation-differences',
            (r) => `${r.type}:${r.transactionId}`,
          )}
          <Typography.Title level={5}>{t('reconciliation.heldTitle', { n: data.held.length })}</Typography.Title>
          {table(data.held, heldColumns, t('reconciliation.noHeld'), 'reconciliation-held', (r) => r.transactionId)}
          <Typography.Title level={5}>{t('reconciliation.pendingTitle', { n: data.pending.length })}</Typography.Title>
          {table(data.pending, pendingColumns, t('reconciliation.noPending'), 'reconciliation-pending', (r) => r.transactionId)}
        </div>
      ) : null}
    </Card>
  );
}
