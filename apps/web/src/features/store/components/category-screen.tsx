import { useQueryClient } from '@tanstack/react-query';
import { Form, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_CATEGORY_STATUSES, type StoreCategory, type StoreCategoryListRequest } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { storeApi, storeKeys } from '../api/store-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useConfirmDelete } from '../../../hooks/use-confirm-delete';
import { usePagedList } from '../../../hooks/use-paged-list';
import { CategoryDrawer } from './category-drawer';
import { textIn } from '../../../lib/localized-text';
import { PagedTable } from '../../../components/paged-table';
import { formatCount } from './counts';
import { FilterLine, FilterSelect, FilterText } from '../../../components/filter-line';
import { ListButtons } from '../../../components/list-buttons';
import { ListPage } from '../../../components/list-page';
import { NOWRAP } from '../../../components/fit-table';
import { actionsColumn } from '../../../components/row-actions';
import '../store.css';

type Filters = Pick<StoreCategoryListRequest, 'name' | 'status'>;

/**
 * The store's categories (PRODUCT.md §6, `/store/category`): per-locale names, status and sort,
 * with how many goods each holds. With STORE_CATEGORY_WRITE they are created, changed and
 * deleted (an empty one only: the server refuses one holding goods).
 */
export function CategoryScreen() {
  const { t } = useTranslation('store');
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canWrite = useCanWrite('STORE_CATEGORY_WRITE');
  const list = usePagedList<Filters, Awaited<ReturnType<typeof storeApi.categories>>>({
    keyOf: storeKeys.categories,
    fetch: storeApi.categories,
    initial: {},
    testId: 'category',
  });
  const [opening, setOpening] = useState<{ category: StoreCategory | null } | null>(null);
  const [form] = Form.useForm<Filters>();
  const confirmDelete = useConfirmDelete<StoreCategory>({
    send: storeApi.deleteCategory,
    refresh: () => client.invalidateQueries({ queryKey: storeKeys.all }),
    title: (c) => t('category.deleteTitle', { name: textIn(c.name, locale) }),
    hint: t('category.deleteHint'),
    okTestId: 'category-delete-ok',
  });

  const columns: ColumnsType<StoreCategory> = [
    {
      title: t('form.name'),
      key: 'name',
      // The name takes the room the short columns leave; on a phone it was squeezed to one
      // character per line by their fixed widths.
      minWidth: 120,
      render: (_, c) => (
        <span className="store-name" data-testid={`category-name-${c.id}`}>
          {textIn(c.name, locale)}
        </span>
      ),
    },
    {
      title: t('category.goodsCount'),
      dataIndex: 'goodsCount',
      ...NOWRAP,
      minWidth: 76,
      align: 'right',
      render: (n: number) => formatCount(n),
    },
    {
      title: t('form.status'),
      dataIndex: 'status',
      ...NOWRAP,
      render: (s: StoreCategory['status']) => <Tag color={s === 'ACTIVE' ? 'green' : 'default'}>{t(`status.${s}`)}</Tag>,
    },
    { title: t('form.sort'), dataIndex: 'sort', width: 70, align: 'right', responsive: ['sm'] },
    {
      title: t('grid.updated'),
      key: 'updated',
      responsive: ['md'],
      render: (_, c) => (
        <div className="store-name">
          <span>{c.updatedAt}</span>
          <Typography.Text type="secondary" className="store-sub">
            {c.updatedBy ?? '—'}
          </Typography.Text>
        </div>
      ),
    },
    ...(canWrite ? [actionsColumn<StoreCategory>(t, 'category', (c) => setOpening({ category: c }), confirmDelete)] : []),
  ];

  return (
    <ListPage
      prefix="store"
      className="store-page"
      testId="store-category-page"
      title={t('category.title')}
      intro={t('category.intro')}
      canWrite={canWrite}
      after={<CategoryDrawer opening={opening} onClose={() => setOpening(null)} />}
    >
      <FilterLine<Filters>
        form={form}
        testId="category"
        onFinish={(v) => list.search({ name: v.name?.trim() || undefined, status: v.status })}
      >
        <FilterText name="name" placeholder={t('filter.name')} testId="category-filter-name" />
        <FilterSelect
          name="status"
          placeholder={t('filter.status')}
          options={STORE_CATEGORY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          testId="category-filter-status"
        />
      </FilterLine>
      <div className="store-tools">
        <ListButtons
          canWrite={canWrite}
          prefix="category"
          createLabel={t('category.create')}
          onCreate={() => setOpening({ category: null })}
          refreshing={list.query.isFetching}
          onRefresh={() => void client.invalidateQueries({ queryKey: storeKeys.all })}
        />
      </div>
      <PagedTable<StoreCategory> list={list} foldsOnPhone columns={columns} testId="category-table" />
    </ListPage>
  );
}
