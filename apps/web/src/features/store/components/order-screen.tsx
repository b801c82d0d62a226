import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_ORDER_STATUSES, type StoreOrder, type StoreOrderListRequest, type StoreOrderStatus } from '@agent-bo/shared';
import { CsvExportButton } from '../../../components/csv-export-button';
import { fromRange, toRange, type Range } from '../../../lib/time-range';
import { useLocaleStore } from '../../../stores/locale-store';
import { storeApi, storeCsvName, storeKeys } from '../api/store-api';
import { useCanRead, useCanWrite } from '../../../hooks/use-can-write';
import { usePhone } from '../../../components/use-phone';
import { usePagedList } from '../../../hooks/use-paged-list';
import { useOrderCsvLabels } from '../hooks/use-store-csv-labels';
import { useSiteTimeZone } from '../../../hooks/use-site-time-zone';
import { textIn } from '../../../lib/localized-text';
import { OrderActionModal, type OrderAction } from './order-action-modal';
import { defaultRange, RangeField } from './range-field';
import { PagedTable } from '../../../components/paged-table';
import { formatCount } from './counts';
import { FilterLine, FilterSelect } from '../../../components/filter-line';
import { ListPage } from '../../../components/list-page';
import '../store.css';
import { NOWRAP } from '../../../components/fit-table';

type Filters = Pick<StoreOrderListRequest, 'status' | 'accountNo' | 'goodsId' | 'start' | 'end'>;
interface FormValues {
  status?: StoreOrderStatus;
  accountNo?: string;
  goodsId?: number;
  range?: Range | null;
}

const STATUS_COLORS: Record<StoreOrderStatus, string> = { Unshipped: 'orange', Shipped: 'green', Cancelled: 'default' };

/**
 * The points orders (PRODUCT.md §6, `/store/order`): the orders of the players in the caller's
 * subtree, newest first, filtered by status, player, goods and a site wall-clock range (today's
 * business day at first); CSV export of the same filters. With STORE_ORDER_WRITE an unshipped
 * order is shipped with a note, or cancelled (points refunded), each after a confirmation.
 */
export function OrderScreen() {
  const { t } = useTranslation('store');
  const csvLabels = useOrderCsvLabels();
  const locale = useLocaleStore((s) => s.locale);
  const timeZone = useSiteTimeZone();
  const canWrite = useCanWrite('STORE_ORDER_WRITE');
  const initial = useMemo(() => defaultRange(timeZone), [timeZone]);
  const list = usePagedList<Filters, Awaited<ReturnType<typeof storeApi.orders>>>({
    keyOf: storeKeys.orders,
    fetch: storeApi.orders,
    initial,
    testId: 'order',
  });
  // The goods filter lists the site's goods, which only a goods reader may see; without that
  // code the filter is left out (the orders still name their goods).
  const canReadGoods = useCanRead('STORE_GOODS');
  const goods = useQuery({
    queryKey: storeKeys.every('goods'),
    queryFn: ({ signal }) => storeApi.allGoods(signal),
    enabled: canReadGoods,
  });
  const [target, setTarget] = useState<{ order: StoreOrder; action: OrderAction } | null>(null);
  const [form] = Form.useForm<FormValues>();
  const phone = usePhone();

  const goodsOf = (o: StoreOrder) => (
    <span data-testid={`order-goods-${o.id}`}>
      {textIn(o.goodsName, locale)} × {o.quantity}
    </span>
  );
  const statusOf = (o: StoreOrder) => (
    <Tag color={STATUS_COLORS[o.status]} data-testid={`order-status-${o.id}`}>
      {t(`status.${o.status}`)}
    </Tag>
  );
  /** The shipping note and who shipped or cancelled it when; null while nothing happened. */
  const handlingOf = (o: StoreOrder) => {
    const by = o.status === 'Shipped' ? o.shippedBy : o.status === 'Cancelled' ? o.cancelledBy : null;
    const at = o.status === 'Shipped' ? o.shippedAt : o.status === 'Cancelled' ? o.cancelledAt : null;
    if (!by && !at && !o.shippingNote) return null;
    return (
      <div className="store-name store-handling" data-testid={`order-note-${o.id}`}>
        {o.shippingNote ? <span>{o.shippingNote}</span> : null}
        <Typography.Text type="secondary" className="store-sub">
          {[by, at].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    );
  };
  const actions: ColumnsType<StoreOrder> = canWrite
    ? [
        {
          title: t('grid.actions'),
          key: 'actions',
          fixed: phone ? undefined : 'right',
          render: (_: unknown, o: StoreOrder) =>
            o.status === 'Unshipped' ? (
              <Space size={4} orientation={phone ? 'vertical' : 'horizontal'}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setTarget({ order: o, action: 'ship' })}
                  data-testid={`order-ship-${o.id}`}
                >
                  {t('order.ship')}
                </Button>
                <Button size="small" danger onClick={() => setTarget({ order: o, action: 'cancel' })} data-testid={`order-cancel-${o.id}`}>
                  {t('order.cancel')}
                </Button>
              </Space>
            ) : null,
        },
      ]
    : [];

  // On a phone: the order, its player, goods and shipping in one cell, then the status with the points, and the actions.
  const phoneColumns: ColumnsType<StoreOrder> = [
    {
      title: t('order.id'),
      key: 'order',
      render: (_, o) => (
        <div className="store-name">
          <span>
            <span data-testid={`order-id-${o.id}`}>#{o.id}</span> · <code>{o.accountNo}</code>
          </span>
          <Typography.Text type="secondary" className="store-sub">
            {o.createdAt}
          </Typography.Text>
          {goodsOf(o)}
          {handlingOf(o)}
        </div>
      ),
    },
    {
      title: t('form.status'),
      key: 'status',
      render: (_, o) => (
        <div className="store-name">
          <span>{statusOf(o)}</span>
          <Typography.Text type="secondary" className="store-sub">
            {t('order.points')} {formatCount(o.points)}
          </Typography.Text>
        </div>
      ),
    },
    ...actions,
  ];

  const columns: ColumnsType<StoreOrder> = [
    {
      title: t('order.id'),
      key: 'id',
      render: (_, o) => (
        <div className="store-name">
          <span data-testid={`order-id-${o.id}`}>#{o.id}</span>
          <Typography.Text type="secondary" className="store-sub">
            {o.createdAt}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('order.player'), dataIndex: 'accountNo', ...NOWRAP, render: (a: string) => <code>{a}</code> },
    { title: t('order.goods'), key: 'goods', render: (_, o) => goodsOf(o) },
    { title: t('order.points'), dataIndex: 'points', ...NOWRAP, align: 'right', render: (n: number) => formatCount(n) },
    { title: t('form.status'), key: 'status', render: (_, o) => statusOf(o) },
    { title: t('order.handling'), key: 'handling', render: (_, o) => handlingOf(o) ?? <span className="store-muted">—</span> },
    ...actions,
  ];

  return (
    <ListPage
      prefix="store"
      className="store-page"
      testId="store-order-page"
      title={t('order.title')}
      intro={t('order.intro')}
      canWrite={canWrite}
      after={<OrderActionModal target={target} onClose={() => setTarget(null)} />}
    >
      <FilterLine<FormValues>
        form={form}
        testId="order"
        initialValues={{ range: toRange(initial) }}
        onFinish={(v) =>
          list.search({ status: v.status, accountNo: v.accountNo?.trim() || undefined, goodsId: v.goodsId, ...fromRange(v.range) })
        }
      >
        <RangeField timeZone={timeZone} testId="order-range" />
        <FilterSelect
          name="status"
          placeholder={t('filter.status')}
          options={STORE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          testId="order-filter-status"
        />
        <Form.Item name="accountNo">
          <Input allowClear maxLength={12} placeholder={t('filter.player')} data-testid="order-filter-player" />
        </Form.Item>
        {canReadGoods ? (
          <Form.Item name="goodsId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('filter.goods')}
              aria-label={t('filter.goods')}
              className="filter-line__select store-filter-goods"
              options={(goods.data ?? []).map((g) => ({ value: g.id, label: textIn(g.name, locale) }))}
              data-testid="order-filter-goods"
            />
          </Form.Item>
        ) : null}
      </FilterLine>
      <div className="store-tools store-tools--split">
        <Typography.Paragraph type="secondary" className="store-zone">
          {t('timeZone', { zone: timeZone })}
        </Typography.Paragraph>
        <CsvExportButton
          fetchCsv={() => storeApi.exportOrders(list.filters)}
          labels={csvLabels}
          fileName={storeCsvName('orders', list.filters.start, list.filters.end)}
          doneText={t('export.done')}
          label={t('export.button')}
          title={t('export.hint')}
          testId="order-export"
        />
      </div>
      <PagedTable<StoreOrder> list={list} foldsOnPhone columns={phone ? phoneColumns : columns} testId="order-table" />
    </ListPage>
  );
}
