import { Form, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_ENTRY_TYPES, type PointsEntry, type PointsEntryListRequest, type PointsEntryType } from '@agent-bo/shared';
import { CsvExportButton } from '../../../components/csv-export-button';
import { fromRange, toRange, type Range } from '../../../lib/time-range';
import { storeApi, storeCsvName, storeKeys } from '../api/store-api';
import { usePhone } from '../../../components/use-phone';
import { usePagedList } from '../../../hooks/use-paged-list';
import { usePointsCsvLabels } from '../hooks/use-store-csv-labels';
import { useSiteTimeZone } from '../../../hooks/use-site-time-zone';
import { defaultRange, RangeField } from './range-field';
import { PagedTable } from '../../../components/paged-table';
import { formatCount, formatSigned } from './counts';
import { FilterLine, FilterSelect } from '../../../components/filter-line';
import { ListPage } from '../../../components/list-page';
import '../store.css';
import { NOWRAP } from '../../../components/fit-table';
import { PointsRate } from './points-rate';

type Filters = Pick<PointsEntryListRequest, 'accountNo' | 'type' | 'start' | 'end'>;
interface FormValues {
  accountNo?: string;
  type?: PointsEntryType;
  range?: Range | null;
}

const TYPE_COLORS: Record<PointsEntryType, string> = { GetByValidBet: 'green', PointsStore: 'orange', PointsStoreRefund: 'blue' };

/**
 * The points detail (PRODUCT.md §6, `/store/points`, PLAYER_POINTS_READ): the points entries of
 * the players in the caller's subtree, newest first, each with the player's balance after it —
 * searched by one player, the balance column is that player's running balance. Filtered by type
 * and a site wall-clock range (today's business day at first); CSV export of the same filters.
 */
export function PointsScreen() {
  const { t } = useTranslation('store');
  const csvLabels = usePointsCsvLabels();
  const timeZone = useSiteTimeZone();
  const initial = useMemo(() => defaultRange(timeZone), [timeZone]);
  const list = usePagedList<Filters, Awaited<ReturnType<typeof storeApi.points>>>({
    keyOf: storeKeys.points,
    fetch: storeApi.points,
    initial,
    testId: 'points',
  });
  const [form] = Form.useForm<FormValues>();
  const phone = usePhone();
  const player = list.filters.accountNo;

  const typeOf = (type: PointsEntryType) => <Tag color={TYPE_COLORS[type]}>{t(`points.types.${type}`)}</Tag>;
  const amountOf = (e: PointsEntry) => (
    <Typography.Text type={e.amount < 0 ? 'danger' : 'success'} data-testid={`points-amount-${e.id}`}>
      {formatSigned(e.amount)}
    </Typography.Text>
  );
  const balanceOf = (e: PointsEntry) => <strong data-testid={`points-balance-${e.id}`}>{formatCount(e.balanceAfter)}</strong>;

  // On a phone: time, player and type in one cell, then the amount and the balance after it.
  const phoneColumns: ColumnsType<PointsEntry> = [
    {
      title: t('points.entry'),
      key: 'entry',
      render: (_, e) => (
        <div className="store-name">
          <span className="store-sub">{e.createdAt}</span>
          <code>{e.accountNo}</code>
          <span>{typeOf(e.type)}</span>
        </div>
      ),
    },
    { title: t('points.amount'), key: 'amount', align: 'right', render: (_, e) => amountOf(e) },
    { title: t('points.balanceAfter'), key: 'balance', align: 'right', render: (_, e) => balanceOf(e) },
  ];

  const columns: ColumnsType<PointsEntry> = [
    { title: t('points.time'), dataIndex: 'createdAt', ...NOWRAP, width: 170 },
    {
      title: t('points.player'),
      dataIndex: 'accountNo',
      ...NOWRAP,
      render: (a: string) => <code>{a}</code>,
    },
    {
      title: t('points.type'),
      dataIndex: 'type',
      render: (type: PointsEntryType) => typeOf(type),
    },
    {
      title: t('points.source'),
      key: 'source',
      responsive: ['md'],
      render: (_, e) =>
        e.orderId !== null ? (
          t('points.order', { id: e.orderId })
        ) : (
          <Typography.Text className="store-source" title={e.source}>
            {e.source}
          </Typography.Text>
        ),
    },
    {
      title: t('points.amount'),
      dataIndex: 'amount',
      ...NOWRAP,
      align: 'right',
      render: (_: number, e) => amountOf(e),
    },
    {
      title: t('points.balanceAfter'),
      dataIndex: 'balanceAfter',
      ...NOWRAP,
      align: 'right',
      render: (_: number, e) => balanceOf(e),
    },
  ];

  const newest = list.query.data?.list[0];
  return (
    <ListPage prefix="store" className="store-page" testId="store-points-page" title={t('points.title')} intro={t('points.intro')}>
      <PointsRate canWrite={false} />
      <FilterLine<FormValues>
        form={form}
        testId="points"
        initialValues={{ range: toRange(initial) }}
        onFinish={(v) => list.search({ accountNo: v.accountNo?.trim() || undefined, type: v.type, ...fromRange(v.range) })}
      >
        <RangeField timeZone={timeZone} testId="points-range" />
        <Form.Item name="accountNo">
          <Input allowClear maxLength={12} placeholder={t('filter.player')} data-testid="points-filter-player" />
        </Form.Item>
        <FilterSelect
          name="type"
          placeholder={t('filter.type')}
          options={POINTS_ENTRY_TYPES.map((type) => ({ value: type, label: t(`points.types.${type}`) }))}
          testId="points-filter-type"
        />
      </FilterLine>
      <div className="store-tools store-tools--split">
        <Typography.Paragraph type="secondary" className="store-zone" data-testid="points-zone">
          {t('timeZone', { zone: timeZone })}
          {player && newest && newest.accountNo === player && list.page === 1 && !list.filters.type
            ? ` · ${t('points.balanceOf', { player, n: formatCount(newest.balanceAfter) })}`
            : ''}
        </Typography.Paragraph>
        <CsvExportButton
          fetchCsv={() => storeApi.exportPoints(list.filters)}
          labels={csvLabels}
          fileName={storeCsvName('points', list.filters.start, list.filters.end)}
          doneText={t('export.done')}
          label={t('export.button')}
          title={t('export.hint')}
          testId="points-export"
        />
      </div>
      <PagedTable<PointsEntry> list={list} foldsOnPhone columns={phone ? phoneColumns : columns} testId="points-table" />
    </ListPage>
  );
}
