import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Card, DatePicker, Form, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  BUSINESS_RANGE_NAMES,
  REPORT_MAX_DAYS,
  daysInRange,
  type AgentReportRow,
  type ReportFigures,
} from '@agent-bo/shared';
import { useIsMobile } from '../../../app/layouts/use-is-mobile';
import { useUserStore } from '../../../app/stores/user-store';
import { formatMoney } from '../../../lib/money';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { csvBlob, download } from '../../log/api/log-api';
import { usePlayerTerms } from '../../member/use-player-terms';
import { reportApi, reportCsvName, reportKeys } from '../api/report-api';
import { DATE_FORMAT, fromDateRange, presetDates, toDateRange, type DateRange } from '../presets';
import '../report.css';

export const REPORT_PATH = '/report/agent';

type MoneyColumn = Exclude<keyof ReportFigures, 'betCount'>;
const MONEY_COLUMNS: readonly MoneyColumn[] = ['betAmount', 'validBet', 'payout', 'memberWinLoss', 'childShare', 'agentShare', 'upperShare'];

interface FormValues {
  range?: DateRange | null;
  providerCode?: string;
}
interface Filters {
  start: string;
  end: string;
  providerCode?: string;
}

/** A money cell: grouped, right-aligned, tabular digits; `signed` colours a result (green up, red down). */
function Money({ value, column, signed = false }: { value: string; column: string; signed?: boolean }) {
  const negative = value.startsWith('-');
  const zero = /^-?0+(\.0+)?$/.test(value);
  const text = formatMoney(value);
  const attrs = { className: 'report-money', 'data-col': column, 'data-value': value };
  if (!signed || zero) return <span {...attrs}>{text}</span>;
  return (
    <Typography.Text type={negative ? 'danger' : 'success'} {...attrs} data-sign={negative ? 'loss' : 'win'}>
      {text}
    </Typography.Text>
  );
}

/** `/report/agent` (PRODUCT.md §5): an agent's rows per direct child and totals, with drill-down. */
export default function ReportPage() {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  const user = useUserStore((s) => s.userInfo);
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());
  const [search, setSearch] = useSearchParams();
  const agentParam = Number.parseInt(search.get('agent') ?? '', 10);
  const agentId = Number.isInteger(agentParam) && agentParam > 0 ? agentParam : undefined;

  const [form] = Form.useForm<FormValues>();
  const today = useMemo(() => presetDates('today', timeZone), [timeZone]);
  const [filters, setFilters] = useState<Filters>(today);
  const [exporting, setExporting] = useState(false);

  const body = { ...filters, agentId };
  const query = useQuery({
    queryKey: reportKeys.agent(body),
    queryFn: ({ signal }) => reportApi.agent(body, signal),
    placeholderData: (prev) => prev,
  });
  const report = query.data;

  const drill = (id: number) => setSearch(id === report?.chain[0]?.id ? {} : { agent: String(id) });

  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: <span data-testid={`report-preset-${name}`}>{t(`presets.${name}`)}</span>,
        value: () => toDateRange(presetDates(name, timeZone)),
      })),
    [timeZone, t],
  );

  const onFinish = (v: FormValues) => {
    const { start, end } = fromDateRange(v.range);
    if (!start || !end) return;
    setFilters({ start, end, providerCode: v.providerCode || undefined });
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await reportApi.exportCsv(body);
      download(csvBlob(typeof text === 'string' ? text : ''), reportCsvName(report?.agent.accountNo ?? 'report', filters.start, filters.end));
      void message.success(t('export.done'));
    } catch {
      // the API client already showed the failure
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnsType<AgentReportRow> = [
    {
      title: t('columns.account'),
      key: 'account',
      fixed: isMobile ? undefined : 'left',
      render: (_: unknown, r) => (
        <span className="report-account">
          {r.kind === 'AGENT' ? (
            <Typography.Link
              strong
              onClick={(e) => {
                e.stopPropagation();
                drill(r.id);
              }}
              data-testid={`report-drill-${r.accountNo}`}
            >
              {r.accountNo}
            </Typography.Link>
          ) : (
            <Typography.Text strong>{r.accountNo}</Typography.Text>
          )}{' '}
          <Typography.Text type="secondary">{r.nickName}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (v: AgentReportRow['kind']) => <Tag color={v === 'AGENT' ? 'blue' : 'default'}>{v === 'AGENT' ? t('kinds.AGENT') : terms.Player}</Tag>,
    },
    { title: t('columns.ratio'), dataIndex: 'ratio', key: 'ratio', align: 'right', render: (v: string, r) => (r.kind === 'AGENT' ? `${v}%` : '—') },
    {
      title: t('columns.betCount'),
      dataIndex: 'betCount',
      key: 'betCount',
      align: 'right',
      render: (v: number) => (
        <span className="report-money" data-col="betCount" data-value={v}>
          {v.toLocaleString('en-US')}
        </span>
      ),
    },
    ...MONEY_COLUMNS.map((col) => ({
      title: (
        <Tooltip title={t(`hints.${col}`)}>
          <span>{t(`columns.${col}`)}</span>
        </Tooltip>
      ),
      dataIndex: col,
      key: col,
      align: 'right' as const,
      render: (v: string) => <Money value={v} column={col} signed={col === 'memberWinLoss'} />,
    })),
  ];

  const totals = report?.totals;
  const summary = () =>
    totals && report.rows.length ? (
      <Table.Summary fixed={isMobile ? undefined : 'bottom'}>
        <Table.Summary.Row data-testid="report-totals">
          <Table.Summary.Cell index={0} colSpan={3}>
            {t('totals')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            <span className="report-money" data-col="betCount" data-value={totals.betCount}>
              {totals.betCount.toLocaleString('en-US')}
            </span>
          </Table.Summary.Cell>
          {MONEY_COLUMNS.map((col, i) => (
            <Table.Summary.Cell key={col} index={4 + i} align="right">
              <Money value={totals[col]} column={col} signed={col === 'memberWinLoss'} />
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;

  const chain = report?.chain ?? [];
  const crumbs = chain.map((c, i) => ({
    key: String(c.id),
    title:
      i === chain.length - 1 ? (
        <span data-testid={`report-crumb-${c.accountNo}`} data-current="yes">
          {c.accountNo}
        </span>
      ) : (
        <Link to={i === 0 ? REPORT_PATH : `${REPORT_PATH}?agent=${c.id}`} data-testid={`report-crumb-${c.accountNo}`}>
          {c.accountNo}
        </Link>
      ),
  }));

  return (
    <div className="page report-page" data-testid="report-page">
      <Card variant="borderless">
        {crumbs.length ? <Breadcrumb items={crumbs} className="report-crumbs" data-testid="report-breadcrumb" /> : null}
        <div className="report-head">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
            {report ? t('heading', { accountNo: report.agent.accountNo, nickName: report.agent.nickName }) : t('title')}
          </Typography.Title>
          {report ? <Tag>{t('ratio', { ratio: report.agent.ratio })}</Tag> : null}
          <Typography.Text type="secondary" data-testid="report-timezone">
            {t('timeZone', { zone: timeZone })}
          </Typography.Text>
        </div>
        <div className="report-bar">
          <Form<FormValues>
            form={form}
            layout="inline"
            className="report-filters"
            initialValues={{ range: toDateRange(today) }}
            onFinish={onFinish}
            data-testid="report-filters"
          >
            <Form.Item
              name="range"
              className="report-filters__range"
              rules={[
                { required: true, message: t('validation.range') },
                {
                  validator: async (_, value: DateRange | null | undefined) => {
                    const { start, end } = fromDateRange(value);
                    if (start && end && daysInRange(start, end) > REPORT_MAX_DAYS) throw new Error(t('validation.rangeMax', { n: REPORT_MAX_DAYS }));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                format={DATE_FORMAT}
                presets={presets}
                allowClear={false}
                placeholder={[t('filters.start'), t('filters.end')]}
                data-testid="report-range"
                {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
              />
            </Form.Item>
            <Form.Item name="providerCode">
              <Select
                allowClear
                placeholder={t('filters.provider')}
                style={{ minWidth: 180 }}
                options={(report?.providers ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
                data-testid="report-provider"
              />
            </Form.Item>
            <Form.Item className="report-filters__btn">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-search">
                {t('filters.search')}
              </Button>
            </Form.Item>
            <Form.Item className="report-filters__btn">
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  const now = presetDates('today', timeZone);
                  form.resetFields();
                  form.setFieldsValue({ range: toDateRange(now) });
                  setFilters(now);
                }}
              >
                {t('filters.reset')}
              </Button>
            </Form.Item>
          </Form>
          <div className="report-tools">
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={!report} onClick={() => void exportCsv()} title={t('export.hint')} data-testid="report-export">
              {t('export.button')}
            </Button>
          </div>
        </div>
        <Typography.Text type="secondary" className="report-range-text" data-testid="report-range-text">
          {t('range', { start: filters.start, end: filters.end, n: daysInRange(filters.start, filters.end) })}
        </Typography.Text>
        <div data-testid="report-table" className="report-table" style={{ marginTop: 8 }}>
          <Table<AgentReportRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={report?.rows ?? []}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={false}
            summary={summary}
            locale={{ emptyText: t('empty') }}
            onRow={(r) => ({
              'data-testid': `report-row-${r.accountNo}`,
              className: r.kind === 'AGENT' ? 'report-row--agent' : undefined,
              onClick: r.kind === 'AGENT' ? () => drill(r.id) : undefined,
            }) as HTMLAttributes<HTMLElement>}
          />
        </div>
      </Card>
    </div>
  );
}
