import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BET_COUNT_CAP,
  BET_MAX_RANGE_DAYS,
  BUSINESS_RANGE_NAMES,
  DEFAULT_PAGE_SIZE,
  SETTLEMENT_STATUSES,
  betRangeIssue,
  businessRange,
  type BetRow,
  type BetTotals,
  type SettlementStatus,
} from '@agent-bo/shared';
import { useIsMobile } from '../../../app/layouts/use-is-mobile';
import { useUserStore } from '../../../app/stores/user-store';
import { serverPagination, toPageSize, type PageSize } from '../../../components/server-pagination';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { csvBlob, download } from '../../log/api/log-api';
import { DATE_TIME_FORMAT, fromRange, toRange, type Range } from '../../log/presets';
import { usePlayerTerms } from '../../member/use-player-terms';
import { betApi, betCsvName, betKeys } from '../api/bet-api';
import { BetDetailDrawer } from '../components/bet-detail-drawer';
import { Money, StatusTag } from '../components/bet-parts';
import '../bet.css';

export const BET_PATH = '/bet/index';

const MONEY: readonly (keyof BetTotals)[] = ['betAmount', 'validBet', 'payout', 'winLoss'];

interface FormValues {
  range?: Range | null;
  account?: string;
  providerCode?: string;
  gameCode?: string;
  status?: SettlementStatus;
}
interface Filters {
  start: string;
  end: string;
  account?: string;
  providerCode?: string;
  gameCode?: string;
  status?: SettlementStatus;
}

function todayFilters(timeZone: string): Filters {
  return businessRange('today', new Date(), timeZone);
}

/** `/bet/index` (PRODUCT.md §5): the bets of the caller's subtree, with every version in the detail. */
export default function BetPage() {
  const { t } = useTranslation('bet');
  const { message } = App.useApp();
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  const user = useUserStore((s) => s.userInfo);
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());

  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(() => todayFilters(timeZone), [timeZone]);
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const body = { ...filters, page, pageSize };
  const query = useQuery({
    queryKey: betKeys.list(body),
    queryFn: ({ signal }) => betApi.list(body, signal),
    placeholderData: (prev) => prev,
  });
  const data = query.data;

  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: <span data-testid={`bet-preset-${name}`}>{t(`presets.${name}`)}</span>,
        value: () => toRange(businessRange(name, new Date(), timeZone)),
      })),
    [timeZone, t],
  );

  const onFinish = (v: FormValues) => {
    const { start, end } = fromRange(v.range);
    if (!start || !end) return;
    setPage(1);
    setFilters({
      start,
      end,
      account: v.account?.trim() || undefined,
      providerCode: v.providerCode || undefined,
      gameCode: v.gameCode?.trim() || undefined,
      status: v.status || undefined,
    });
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await betApi.exportCsv(filters);
      download(csvBlob(typeof text === 'string' ? text : ''), betCsvName(filters.start, filters.end));
      void message.success(t('export.done'));
    } catch {
      // the API client already showed the failure
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnsType<BetRow> = [
    { title: t('columns.placedAt'), dataIndex: 'placedAt', key: 'placedAt', fixed: isMobile ? undefined : 'left', width: 170 },
    {
      title: terms.Player,
      dataIndex: 'playerAccountNo',
      key: 'player',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('columns.provider'), dataIndex: 'providerCode', key: 'provider' },
    {
      title: t('columns.game'),
      key: 'game',
      render: (_: unknown, r) => (
        <>
          {r.gameCode} <Tag variant="filled">{t(`categories.${r.gameCategory}`)}</Tag>
        </>
      ),
    },
    {
      title: t('columns.providerBetId'),
      key: 'providerBetId',
      render: (_: unknown, r) => (
        <>
          <Typography.Link
            className="bet-id"
            onClick={(e) => {
              e.stopPropagation();
              setDetailId(r.id);
            }}
            data-testid={`bet-open-${r.providerBetId}`}
          >
            {r.providerBetId}
          </Typography.Link>
          {r.version > 1 ? (
            <Tag color="purple" style={{ marginInlineStart: 6 }} title={t('resettledHint')}>
              {t('version', { n: r.version })}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('columns.round'), dataIndex: 'roundId', key: 'round', render: (v: string) => <span className="bet-id">{v}</span> },
    ...MONEY.map((col) => ({
      title: t(`columns.${col}`),
      dataIndex: col,
      key: col,
      align: 'right' as const,
      render: (v: string) => <Money value={v} column={col} signed={col === 'winLoss'} />,
    })),
    { title: t('columns.status'), dataIndex: 'status', key: 'status', render: (v: SettlementStatus) => <StatusTag status={v} /> },
    { title: t('columns.settledAt'), dataIndex: 'settledAt', key: 'settledAt', render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text> },
  ];

  // Label, then the columns before the money (player … round), then the money columns, then two.
  const LEAD = 6;
  const totalsRow = (label: string, totals: BetTotals, testId: string) => (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0} colSpan={LEAD}>
        {label}
      </Table.Summary.Cell>
      {MONEY.map((col, i) => (
        <Table.Summary.Cell key={col} index={LEAD + i} align="right">
          <Money value={totals[col]} column={col} signed={col === 'winLoss'} />
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={LEAD + MONEY.length} colSpan={2} />
    </Table.Summary.Row>
  );
  const summary = () =>
    data && data.list.length ? (
      <Table.Summary>
        {totalsRow(t('totals.page'), data.pageTotals, 'bet-page-totals')}
        {data.totals ? totalsRow(t('totals.all', { n: data.total }), data.totals, 'bet-totals') : null}
      </Table.Summary>
    ) : null;

  const pagination = serverPagination({
    page,
    pageSize,
    total: data?.total,
    showTotal: (n) => (data?.totalCapped ? t('table.totalCapped', { n: BET_COUNT_CAP.toLocaleString('en-US') }) : t('table.total', { n })),
  });

  return (
    <div className="page bet-page" data-testid="bet-page">
      <Card variant="borderless">
        <div className="bet-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="bet-timezone">
            {t('timeZone', { zone: timeZone })}
          </Typography.Text>
        </div>
        <div className="bet-bar">
          <Form<FormValues>
            form={form}
            layout="inline"
            className="bet-filters"
            initialValues={{ range: toRange(initial) }}
            onFinish={onFinish}
            data-testid="bet-filters"
          >
            <Form.Item
              name="range"
              className="bet-filters__range"
              rules={[
                { required: true, message: t('validation.range') },
                {
                  validator: async (_, value: Range | null | undefined) => {
                    const { start, end } = fromRange(value);
                    if (start && end && betRangeIssue(start, end) === 'dateRange.max') throw new Error(t('validation.rangeMax', { n: BET_MAX_RANGE_DAYS }));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                showTime
                format={DATE_TIME_FORMAT}
                presets={presets}
                allowClear={false}
                placeholder={[t('filters.start'), t('filters.end')]}
                data-testid="bet-range"
                {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
              />
            </Form.Item>
            <Form.Item name="account">
              <Input allowClear maxLength={32} placeholder={t('filters.account')} title={t('filters.accountHint')} data-testid="bet-account" />
            </Form.Item>
            <Form.Item name="providerCode">
              <Select
                allowClear
                placeholder={t('filters.provider')}
                style={{ minWidth: 170 }}
                options={(data?.providers ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
                data-testid="bet-provider"
              />
            </Form.Item>
            <Form.Item name="gameCode">
              <Input allowClear maxLength={64} placeholder={t('filters.game')} title={t('filters.gameHint')} data-testid="bet-game" />
            </Form.Item>
            <Form.Item name="status">
              <Select
                allowClear
                placeholder={t('filters.status')}
                style={{ minWidth: 170 }}
                options={SETTLEMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                data-testid="bet-status"
              />
            </Form.Item>
            <Form.Item className="bet-filters__btn">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="bet-search">
                {t('filters.search')}
              </Button>
            </Form.Item>
            <Form.Item className="bet-filters__btn">
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  const today = todayFilters(timeZone);
                  form.resetFields();
                  form.setFieldsValue({ range: toRange(today) });
                  setPage(1);
                  setFilters(today);
                }}
              >
                {t('filters.reset')}
              </Button>
            </Form.Item>
          </Form>
          <div className="bet-tools">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} title={t('export.hint')} data-testid="bet-export">
              {t('export.button')}
            </Button>
          </div>
        </div>
        {data?.totalCapped ? (
          <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('capped', { n: BET_COUNT_CAP.toLocaleString('en-US') })} data-testid="bet-capped" />
        ) : null}
        <div data-testid="bet-table" className="bet-table">
          <Table<BetRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={pagination}
            summary={summary}
            locale={{ emptyText: t('empty') }}
            onChange={(p) => {
              const size = toPageSize(p.pageSize);
              setPage(size !== pageSize ? 1 : (p.current ?? 1));
              setPageSize(size);
            }}
            onRow={(r) =>
              ({
                'data-testid': `bet-row-${r.providerBetId}`,
                style: { cursor: 'pointer' },
                onClick: () => setDetailId(r.id),
              }) as HTMLAttributes<HTMLElement>
            }
          />
        </div>
      </Card>
      <BetDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
