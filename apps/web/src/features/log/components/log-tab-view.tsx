import { DatePicker, Form, Input, Select, Table } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  LEDGER_KINDS,
  LOG_ACTION_CODES,
  BUSINESS_RANGE_NAMES,
  DEFAULT_RANGE,
  businessRange,
  type LogTab,
} from '@agent-bo/shared';
import { useGridQuery } from '../../../hooks/use-grid-query';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { csvFileName, logApi, logKeys, type LogRows } from '../api/log-api';
import { DATE_TIME_FORMAT, fromRange, toRange, siteNow, type Range } from '../../../lib/time-range';
import { serverPagination, toPageSize, type PageSize } from '../../../components/server-pagination';
import { CsvExportButton } from '../../../components/csv-export-button';
import { useLogCsvLabels } from '../hooks/use-log-csv-labels';
import { FIT_TABLE } from '../../../components/fit-table';
import { FilterLine } from '../../../components/filter-line';
import { useColumns } from './log-columns';

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

/** One tab: filters, export, server-paged table. */
export function LogTabView({ tab, timeZone }: { tab: LogTab; timeZone: string }) {
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
        <FilterLine<FormValues>
          form={form}
          testId={`log-${tab}`}
          className="log-filters"
          initialValues={{ range: initialRange }}
          onFinish={onFinish}
          onReset={() => {
            // Today's business day as of now, not as of when the page opened.
            const today = toRange(businessRange(DEFAULT_RANGE, new Date(), timeZone));
            form.setFieldsValue({ range: today });
            search(fromRange(today));
          }}
        >
          <Form.Item name="range" className="filter-line__wide">
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
            <Form.Item name="code" className="filter-line__wide">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t(tab === 'operation' ? 'filters.action' : 'filters.kind')}
                aria-label={t(tab === 'operation' ? 'filters.action' : 'filters.kind')}
                className="filter-line__select"
                options={codes.map((c) => ({ value: c, label: t(tab === 'operation' ? `actions.${c}` : `kinds.${c}`) }))}
                data-testid={`log-filter-code-${tab}`}
              />
            </Form.Item>
          ) : null}
        </FilterLine>
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
