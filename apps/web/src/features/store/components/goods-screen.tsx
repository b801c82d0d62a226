import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISH_STATUSES, type Goods, type GoodsListRequest } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { storeApi, storeKeys } from '../api/store-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useConfirmDelete } from '../../../hooks/use-confirm-delete';
import { usePhone } from '../../../components/use-phone';
import { usePagedList } from '../../../hooks/use-paged-list';
import { GoodsDrawer } from './goods-drawer';
import { textIn } from '../../../lib/localized-text';
import { PagedTable } from '../../../components/paged-table';
import { Thumb } from '../../../components/thumb';
import { formatCount } from './counts';
import { FilterLine, FilterSelect, FilterText } from '../../../components/filter-line';
import { ListButtons } from '../../../components/list-buttons';
import { ListPage } from '../../../components/list-page';
import { actionsColumn } from '../../../components/row-actions';
import '../store.css';
import { NOWRAP } from '../../../components/fit-table';
import { PointsRate } from './points-rate';

type Filters = Pick<GoodsListRequest, 'name' | 'categoryId' | 'status' | 'stockAtMost'>;
interface FormValues extends Omit<Filters, 'stockAtMost'> {
  soldOut?: boolean;
}

/**
 * The store's goods (PRODUCT.md §6, `/store/goods`): picture, per-locale name, category, points
 * price, stock left and redeemed, per-player limit, Published / Draft. With STORE_GOODS_WRITE they
 * are created, changed (stock too) and deleted (only goods nobody ordered).
 */
export function GoodsScreen() {
  const { t } = useTranslation('store');
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canWrite = useCanWrite('STORE_GOODS_WRITE');
  const phone = usePhone();
  const list = usePagedList<Filters, Awaited<ReturnType<typeof storeApi.goods>>>({
    keyOf: storeKeys.goods,
    fetch: storeApi.goods,
    initial: {},
    testId: 'goods',
  });
  const categories = useQuery({ queryKey: storeKeys.every('category'), queryFn: ({ signal }) => storeApi.allCategories(signal) });
  const [opening, setOpening] = useState<{ goods: Goods | null } | null>(null);
  const [form] = Form.useForm<FormValues>();
  const confirmDelete = useConfirmDelete<Goods>({
    send: storeApi.deleteGoods,
    refresh: () => client.invalidateQueries({ queryKey: storeKeys.all }),
    title: (g) => t('goods.deleteTitle', { name: textIn(g.name, locale) }),
    hint: t('goods.deleteHint'),
    okTestId: 'goods-delete-ok',
  });

  const stockOf = (g: Goods) =>
    g.stock === 0 ? (
      <Typography.Text type="danger" data-testid={`goods-stock-${g.id}`}>
        {t('goods.soldOut')}
      </Typography.Text>
    ) : (
      <span data-testid={`goods-stock-${g.id}`}>{formatCount(g.stock)}</span>
    );
  const statusOf = (g: Goods) => (
    <Tag color={g.status === 'Published' ? 'green' : 'default'} data-testid={`goods-status-${g.id}`}>
      {t(`status.${g.status}`)}
    </Tag>
  );
  const actions = canWrite ? [actionsColumn<Goods>(t, 'goods', (g) => setOpening({ goods: g }), confirmDelete)] : [];

  // On a phone: name with category, price and stock in one cell, then the status and the actions.
  const phoneColumns: ColumnsType<Goods> = [
    {
      title: t('form.name'),
      key: 'name',
      render: (_, g) => (
        <div className="store-name" data-testid={`goods-name-${g.id}`}>
          <span>{textIn(g.name, locale)}</span>
          <Typography.Text type="secondary" className="store-sub">
            {textIn(g.categoryName, locale)}
          </Typography.Text>
          <span className="store-sub">
            {t('goods.pricePoints', { n: formatCount(g.price) })} · {t('goods.stock')} {stockOf(g)}
          </span>
        </div>
      ),
    },
    { title: t('form.status'), key: 'status', render: (_, g) => statusOf(g) },
    ...actions,
  ];

  const columns: ColumnsType<Goods> = [
    {
      title: t('goods.image'),
      key: 'image',
      width: 64,
      responsive: ['sm'],
      render: (_, g) => <Thumb url={g.imageUrls[0]} />,
    },
    {
      title: t('form.name'),
      key: 'name',
      render: (_, g) => (
        <div className="store-name" data-testid={`goods-name-${g.id}`}>
          <span>{textIn(g.name, locale)}</span>
          <Typography.Text type="secondary" className="store-sub">
            {textIn(g.categoryName, locale)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('goods.price'),
      dataIndex: 'price',
      ...NOWRAP,
      align: 'right',
      render: (n: number, g) => <span data-testid={`goods-price-${g.id}`}>{formatCount(n)}</span>,
    },
    {
      title: t('goods.stock'),
      dataIndex: 'stock',
      ...NOWRAP,
      align: 'right',
      render: (_: number, g) => stockOf(g),
    },
    { title: t('goods.redeemed'), dataIndex: 'redeemed', align: 'right', responsive: ['md'], render: (n: number) => formatCount(n) },
    {
      title: t('goods.limit'),
      dataIndex: 'perPlayerLimit',
      align: 'right',
      responsive: ['lg'],
      render: (n: number | null) => (n === null ? <span className="store-muted">{t('goods.noLimit')}</span> : formatCount(n)),
    },
    {
      title: t('form.status'),
      dataIndex: 'status',
      render: (_: Goods['status'], g) => statusOf(g),
    },
    { title: t('form.sort'), dataIndex: 'sort', width: 70, align: 'right', responsive: ['lg'] },
    ...actions,
  ];

  return (
    <ListPage
      prefix="store"
      className="store-page"
      testId="store-goods-page"
      title={t('goods.title')}
      intro={t('goods.intro')}
      canWrite={canWrite}
      after={<GoodsDrawer opening={opening} categories={categories.data} onClose={() => setOpening(null)} />}
    >
      <PointsRate canWrite={canWrite} />
      <FilterLine<FormValues>
        form={form}
        testId="goods"
        onFinish={({ soldOut, ...v }) =>
          list.search({
            name: v.name?.trim() || undefined,
            categoryId: v.categoryId,
            status: v.status,
            stockAtMost: soldOut ? 0 : undefined,
          })
        }
      >
        <FilterText name="name" placeholder={t('filter.name')} testId="goods-filter-name" />
        <FilterSelect
          name="categoryId"
          placeholder={t('filter.category')}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: textIn(c.name, locale) }))}
          testId="goods-filter-category"
        />
        <FilterSelect
          name="status"
          placeholder={t('filter.status')}
          options={PUBLISH_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          testId="goods-filter-status"
        />
        <FilterSelect
          name="soldOut"
          placeholder={t('filter.stock')}
          options={[{ value: true, label: t('goods.soldOut') }]}
          testId="goods-filter-stock"
        />
      </FilterLine>
      <div className="store-tools">
        <ListButtons
          canWrite={canWrite}
          prefix="goods"
          createLabel={t('goods.create')}
          onCreate={() => setOpening({ goods: null })}
          refreshing={list.query.isFetching}
          onRefresh={() => void client.invalidateQueries({ queryKey: storeKeys.all })}
        />
      </div>
      <PagedTable<Goods> list={list} foldsOnPhone columns={phone ? phoneColumns : columns} testId="goods-table" />
    </ListPage>
  );
}
