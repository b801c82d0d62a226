import { useQueryClient } from '@tanstack/react-query';
import { Form, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_STATUSES, type Category, type CategoryListRequest, type CategoryStatus } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useConfirmDelete } from '../../../hooks/use-confirm-delete';
import { usePagedList } from '../../../hooks/use-paged-list';
import { CategoryDrawer, type CategoryTarget } from './category-drawer';
import { ListButtons } from '../../../components/list-buttons';
import { textIn } from '../../../lib/localized-text';
import { OrderModal } from './order-modal';
import { PagedTable } from '../../../components/paged-table';
import { Thumb } from '../../../components/thumb';
import { FilterLine, FilterSelect, FilterText } from '../../../components/filter-line';
import { ListPage } from '../../../components/list-page';
import { actionsColumn } from '../../../components/row-actions';
import '../material.css';
import { NOWRAP } from '../../../components/fit-table';

type Filters = Pick<CategoryListRequest, 'name' | 'status'>;

/**
 * The site's game categories (PRODUCT.md §6, `/material/category`): name and status filters, the
 * server-paged table, and with CATEGORY_WRITE the drawer, deletion and the lobby order dialog.
 */
export function CategoryScreen() {
  const { t } = useTranslation('material');
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canWrite = useCanWrite('CATEGORY_WRITE');
  const list = usePagedList<Filters, Awaited<ReturnType<typeof materialApi.categories>>>({
    keyOf: materialKeys.categories,
    fetch: materialApi.categories,
    initial: {},
    testId: 'category',
  });
  const refresh = () => client.invalidateQueries({ queryKey: materialKeys.all });
  const [target, setTarget] = useState<CategoryTarget | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [form] = Form.useForm<Filters>();
  const confirmDelete = useConfirmDelete<Category>({
    send: materialApi.deleteCategory,
    refresh,
    title: (c) => t('category.confirmDelete', { name: textIn(c.name, locale) }),
    hint: t('category.deleteHint'),
    okTestId: 'category-delete-ok',
  });

  const columns: ColumnsType<Category> = [
    { title: t('category.icon'), dataIndex: 'iconUrl', width: 72, responsive: ['sm'], render: (url: string | null) => <Thumb url={url} /> },
    {
      title: t('form.name'),
      key: 'name',
      render: (_, c) => <span data-testid={`category-name-${c.id}`}>{textIn(c.name, locale)}</span>,
    },
    {
      title: t('category.providerCategories'),
      dataIndex: 'providerCategories',
      responsive: ['md'],
      render: (cats: string[]) => (
        <Space size={[4, 4]} wrap>
          {cats.map((c) => (
            <Tag key={c}>{t(`providerCategory.${c}`)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('category.gameCount'), dataIndex: 'gameCount', width: 90, align: 'right' },
    { title: t('form.sort'), dataIndex: 'sort', width: 80, align: 'right', responsive: ['sm'] },
    {
      title: t('form.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: CategoryStatus) => <Tag color={s === 'ACTIVE' ? 'green' : 'default'}>{t(`status.${s}`)}</Tag>,
    },
    { title: t('grid.updatedAt'), dataIndex: 'updatedAt', ...NOWRAP, width: 170, responsive: ['lg'] },
    ...(canWrite ? [actionsColumn<Category>(t, 'category', (item) => setTarget({ mode: 'edit', item }), confirmDelete)] : []),
  ];

  return (
    <ListPage
      prefix="material"
      className="material-page"
      testId="category-page"
      title={t('category.title')}
      intro={t('category.intro')}
      canWrite={canWrite}
      after={
        <>
          <CategoryDrawer target={target} onClose={() => setTarget(null)} />
          {ordering ? (
            <OrderModal<Category>
              title={t('category.order')}
              queryKey={materialKeys.order('category')}
              load={materialApi.allCategories}
              labelOf={(c) => textIn(c.name, locale)}
              render={(c) => (
                <>
                  <Thumb url={c.iconUrl} size={32} />
                  <span className="material-grow">{textIn(c.name, locale)}</span>
                  <Tag color={c.status === 'ACTIVE' ? 'green' : 'default'}>{t(`status.${c.status}`)}</Tag>
                </>
              )}
              send={materialApi.sortCategories}
              onClose={() => setOrdering(false)}
              testId="category-order-modal"
            />
          ) : null}
        </>
      }
    >
      <div className="filter-bar material-filters">
        <FilterLine<Filters>
          form={form}
          testId="category"
          onFinish={(v) => list.search({ name: v.name?.trim() || undefined, status: v.status })}
        >
          <FilterText name="name" placeholder={t('filter.name')} testId="category-filter-name" />
          <FilterSelect
            name="status"
            placeholder={t('filter.status')}
            options={CATEGORY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            testId="category-filter-status"
          />
        </FilterLine>
        <ListButtons
          canWrite={canWrite}
          prefix="category"
          createLabel={t('category.create')}
          onCreate={() => setTarget({ mode: 'create' })}
          onOrder={() => setOrdering(true)}
          refreshing={list.query.isFetching}
          onRefresh={() => void refresh()}
        />
      </div>
      <PagedTable<Category> list={list} columns={columns} testId="category-table" />
    </ListPage>
  );
}
