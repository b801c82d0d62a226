import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Table, Tabs as AntTabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  LEDGER_KINDS,
  LOG_ACTION_CODES,
  LOG_TABS,
  BUSINESS_RANGE_NAMES,
  DEFAULT_RANGE,
  businessRange,
  type CashLogRow,
  type LogTab,
  type OperationLogRow,
  type RatioLogRow,
  type TransferLogRow,
} from '@agent-bo/shared';
import { useGridQuery } from '../../../hooks/use-grid-query';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useUserStore } from '../../../stores/user-store';
import { formatMoney } from '../../../lib/money';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { LogChange, LogRawButton } from '../../../components/log-change';
import { csvFileName, logApi, logKeys, type LogRows } from '../api/log-api';
import { DATE_TIME_FORMAT, fromRange, toRange, siteNow, type Range } from '../../../lib/time-range';
import { serverPagination, toPageSize, type PageSize } from '../../../components/server-pagination';
import { CsvExportButton } from '../../../components/csv-export-button';
import { useLogCsvLabels } from '../hooks/use-log-csv-labels';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';

export const LOG_PATH = '/log/index';

interface FormValues {
  range?: Range | null;
  operator?: string;
  target?: string;
  code?: string;
}

interface Filters {
  start?: string;
  end?: string;
  operator?: string;
  target?: string;
  code?: string;
}

/** The code filter of a tab: action (operation), ledger kind (cash), transfer direction (transfer). */
const CODE_OPTIONS: Record<LogTab, readonly string[] | null> = {
  operation: LOG_ACTION_CODES,
  cash: LEDGER_KINDS,
  ratio: null,
  transfer: ['TRANSFER_OUT', 'TRANSFER_IN'],
};

/** The request body of a tab from the filters (`code` becomes `action` or `kind`). */
function requestOf(tab: LogTab, f: Filters) {
  const { code, ...rest } = f;
  if (tab === 'operation') return { ...rest, action: code };
  if (tab === 'ratio') return rest;
  return { ...rest, kind: code };
}

/** A signed amount, coloured: credits green with a plus, debits red. Decimal strings only. */
export function SignedAmount({ value }: { value: string }) {
  const negative = value.trim().startsWith('-');
  const zero = /^-?0+(\.0+)?$/.test(value.trim());
  const text = formatMoney(value);
  if (zero) return <span className="log-money">{text}</span>;
  return (
    <Typography.Text type={negative ? 'danger' : 'success'} className="log-money" data-sign={negative ? 'debit' : 'credit'}>
      {negative ? text : `+${text}`}
    </Typography.Text>
  );
}

function dash(v: string | null | undefined) {
  return v ? v : <Typography.Text type="secondary">—</Typography.Text>;
}

function useColumns(tab: LogTab): ColumnsType<LogRows[LogTab]> {
  const { t } = useTranslation('log');
  const isMobile = useIsMobile();
  const time = {
    title: t('fields.createdAt'),
    dataIndex: 'createdAt',
    ...NOWRAP,
    key: 'createdAt',
    fixed: isMobile ? undefined : ('left' as const),
    width: 170,
  };
  const operator = { title: t('fields.operator'), dataIndex: 'operatorAccountNo', key: 'operator', render: dash };
  const kindTag = (v: string) => (
    <Tag color={v === 'WITHDRAW' || v === 'TRANSFER_OUT' ? 'volcano' : v === 'POOR_USER' ? 'purple' : v === 'REFUND' ? 'cyan' : 'green'}>
      {t(`kinds.${v}`, { defaultValue: v })}
    </Tag>
  );
  switch (tab) {
    case 'operation':
      return [
        time,
        {
          title: t('fields.action'),
          dataIndex: 'action',
          key: 'action',
          render: (v: string) => <Tag>{t(`actions.${v}`, { defaultValue: v })}</Tag>,
        },
        operator,
        { title: t('fields.target'), dataIndex: 'targetAccountNo', key: 'target', render: dash },
        {
          title: t('fields.change'),
          key: 'change',
          render: (_: unknown, r: LogRows[LogTab]) => {
            const row = r as OperationLogRow;
            return <LogChange before={row.before} after={row.after} accounts={row.accounts} action={row.action} className="log-change" />;
          },
        },
        { title: t('fields.ip'), dataIndex: 'ip', key: 'ip', render: dash },
        {
          title: t('change.details'),
          key: 'raw',
          render: (_: unknown, r: LogRows[LogTab]) => {
            const row = r as OperationLogRow;
            return <LogRawButton before={row.before} after={row.after} rowId={row.id} />;
          },
        },
      ] as ColumnsType<LogRows[LogTab]>;
    case 'ratio':
      return [
        time,
        { title: t('fields.target'), dataIndex: 'targetAccountNo', key: 'target', render: dash },
        operator,
        {
          title: t('fields.oldRatio'),
          dataIndex: 'oldRatio',
          ...NOWRAP,
          key: 'oldRatio',
          align: 'right',
          render: (v: string | null) => (v === null ? dash(null) : `${v}%`),
        },
        {
          title: t('fields.newRatio'),
          dataIndex: 'newRatio',
          ...NOWRAP,
          key: 'newRatio',
          align: 'right',
          render: (v: string | null, r: LogRows[LogTab]) => {
            const row = r as RatioLogRow;
            if (v === null) return dash(null);
            const down = row.oldRatio !== null && Number.parseFloat(v) < Number.parseFloat(row.oldRatio);
            return <Typography.Text type={row.oldRatio === null ? undefined : down ? 'danger' : 'success'}>{`${v}%`}</Typography.Text>;
          },
        },
      ] as ColumnsType<LogRows[LogTab]>;
    case 'cash':
    case 'transfer': {
      const cols: ColumnsType<CashLogRow | TransferLogRow> = [
        time,
        { title: t('fields.kind'), dataIndex: 'kind', key: 'kind', render: kindTag },
        ...(tab === 'transfer' ? [{ title: t('fields.provider'), dataIndex: 'provider', key: 'provider', render: dash }] : []),
        {
          title: t('fields.account'),
          dataIndex: 'accountNo',
          ...NOWRAP,
          key: 'account',
          render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
        },
        { title: t('fields.counterparty'), dataIndex: 'counterpartyAccountNo', key: 'counterparty', render: dash },
        {
          title: t('fields.amount'),
          dataIndex: 'amount',
          ...NOWRAP,
          key: 'amount',
          align: 'right',
          render: (v: string) => <SignedAmount value={v} />,
        },
        {
          title: t('fields.balanceAfter'),
          dataIndex: 'balanceAfter',
          ...NOWRAP,
          key: 'balanceAfter',
          align: 'right',
          render: (v: string) => <span className="log-money">{formatMoney(v)}</span>,
        },
        operator,
        {
          title: t('fields.memo'),
          dataIndex: 'memo',
          key: 'memo',
          render: (v: string | null) => (v ? <span className="log-memo">{v}</span> : dash(null)),
        },
        {
          title: t('fields.transactionId'),
          dataIndex: 'transactionId',
          ...NOWRAP,
          key: 'transactionId',
          render: (v: string) => (
            <Typography.Text type="secondary" className="log-money">
              {v}
            </Typography.Text>
          ),
        },
      ];
      return cols as ColumnsType<LogRows[LogTab]>;
    }
  }
}

/** One tab: filters, export, server-paged table. */
function LogTabView({ tab, timeZone }: { tab: LogTab; timeZone: string }) {
  const { t } = useTranslation('log');
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();
  const initialRange = useMemo(() => toRange(businessRange(DEFAULT_RANGE, new Date(), timeZone)), [timeZone]);
  const [filters, setFilters] = useState<Filters>(() => fromRange(initialRange));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const csvLabels = useLogCsvLabels();
  const columns = useColumns(tab);

  const body = { ...requestOf(tab, filters), page, pageSize };
  const grid = useGridQuery({
    queryKey: logKeys.list(tab, body),
    queryFn: ({ signal }) => logApi.list(tab, body as never, signal),
    testId: `log-${tab}`,
  });
  const { query } = grid;
  // Search and Reset always ask the server, also when the filters are the ones shown.
  const search = (next: Filters) => {
    setPage(1);
    setFilters(next);
    grid.refreshIfSame(logKeys.list(tab, { ...requestOf(tab, next), page: 1, pageSize }));
  };

  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: <span data-testid={`log-preset-${name}`}>{t(`presets.${name}`)}</span>,
        value: () => toRange(businessRange(name, new Date(), timeZone)),
      })),
    [timeZone, t],
  );

  const onFinish = (v: FormValues) => {
    search({ ...fromRange(v.range), operator: v.operator || undefined, target: v.target || undefined, code: v.code || undefined });
  };

  const codes = CODE_OPTIONS[tab];
  const pagination = serverPagination({ page, pageSize, total: query.data?.total, showTotal: (n) => t('table.total', { n }) });

  const toolbar: ReactNode = (
    <CsvExportButton
      fetchCsv={() => logApi.exportCsv(tab, requestOf(tab, filters) as never)}
      labels={csvLabels}
      fileName={() => csvFileName(tab, siteNow(timeZone))}
      doneText={t('export.done')}
      label={t('export.button')}
      title={t('export.hint')}
      testId={`log-export-${tab}`}
    />
  );

  return (
    <div className="log-tab">
      <div className="filter-bar">
        <Form<FormValues>
          form={form}
          layout="inline"
          className="log-filters"
          initialValues={{ range: initialRange }}
          onFinish={onFinish}
          data-testid={`log-filters-${tab}`}
        >
          <Form.Item name="range" className="log-filters__range">
            <DatePicker.RangePicker
              showTime
              format={DATE_TIME_FORMAT}
              presets={presets}
              allowEmpty={[true, true]}
              placeholder={[t('filters.start'), t('filters.end')]}
              data-testid={`log-range-${tab}`}
              {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
            />
          </Form.Item>
          <Form.Item name="operator">
            <Input allowClear maxLength={12} placeholder={t('filters.operator')} data-testid={`log-filter-operator-${tab}`} />
          </Form.Item>
          <Form.Item name="target">
            <Input
              allowClear
              maxLength={12}
              placeholder={t(tab === 'cash' || tab === 'transfer' ? 'filters.account' : 'filters.target')}
              data-testid={`log-filter-target-${tab}`}
            />
          </Form.Item>
          {codes ? (
            <Form.Item name="code" className="log-filters__code">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t(tab === 'operation' ? 'filters.action' : 'filters.kind')}
                aria-label={t(tab === 'operation' ? 'filters.action' : 'filters.kind')}
                style={{ minWidth: 160 }}
                options={codes.map((c) => ({ value: c, label: t(tab === 'operation' ? `actions.${c}` : `kinds.${c}`) }))}
                data-testid={`log-filter-code-${tab}`}
              />
            </Form.Item>
          ) : null}
          <Form.Item className="log-filters__btn">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`log-search-${tab}`}>
              {t('filters.search')}
            </Button>
          </Form.Item>
          <Form.Item className="log-filters__btn">
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                const today = toRange(businessRange(DEFAULT_RANGE, new Date(), timeZone));
                form.resetFields();
                form.setFieldsValue({ range: today });
                search(fromRange(today));
              }}
              data-testid={`log-reset-${tab}`}
            >
              {t('filters.reset')}
            </Button>
          </Form.Item>
        </Form>
        <div className="log-tools">{toolbar}</div>
      </div>
      {grid.notice}
      <div data-testid={`log-table-${tab}`}>
        <Table<LogRows[LogTab]>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          locale={{ emptyText: grid.emptyText() }}
          {...FIT_TABLE}
          pagination={pagination}
          onChange={(p) => {
            const size = toPageSize(p.pageSize);
            setPage(size !== pageSize ? 1 : (p.current ?? 1));
            setPageSize(size);
          }}
        />
      </div>
    </div>
  );
}

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
