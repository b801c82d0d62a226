import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Image, Input, Select, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_STATUSES, type Category, type CategoryListRequest, type CategoryStatus } from '@agent-bo/shared';
import { serverPagination } from '../../../components/server-pagination';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { useCanWrite } from '../hooks/use-can-write';
import { usePagedList } from '../hooks/use-paged-list';
import { CategoryDrawer, type CategoryTarget } from './category-drawer';
import { shownName } from './name-tabs';
import '../material.css';

type Filters = Pick<CategoryListRequest, 'name' | 'status'>;

/**
 * The site's game categories (PRODUCT.md §6, `/material/category`): name and status filters, the
 * server-paged table, and with CATEGORY_WRITE the drawer and deletion.
 */
export function CategoryScreen() {
  const { t } = useTranslation('material');
  const { modal, message } = App.useApp();
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canWrite = useCanWrite('CATEGORY_WRITE');
  const list = usePagedList<Filters, Awaited<ReturnType<typeof materialApi.categories>>>(materialKeys.categories, (body, signal) =>
    materialApi.categories(body, signal),
  );
  const refresh = () => client.invalidateQueries({ queryKey: materialKeys.all });
  const [target, setTarget] = useState<CategoryTarget | null>(null);
  const [form] = Form.useForm<{ name?: string; status?: CategoryStatus }>();
  const remove = useMutation({ mutationFn: (c: Category) => materialApi.deleteCategory(c.id, c.version), onSettled: refresh });

  const confirmDelete = (c: Category) => {
    void modal.confirm({
      title: t('category.confirmDelete', { name: shownName(c.name, locale) }),
      content: t('category.deleteHint'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'category-delete-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(c);
          void message.success(t('grid.deleted'));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  const columns: ColumnsType<Category> = [
    {
      title: t('category.icon'),
      dataIndex: 'iconUrl',
      width: 72,
      responsive: ['sm'],
      render: (url: string | null) =>
        url ? <Image src={url} width={40} height={40} className="material-thumb" alt="" /> : <span className="material-thumb--empty" />,
    },
    {
      title: t('form.name'),
      key: 'name',
      render: (_, c) => (
        <span data-testid={`category-name-${c.id}`}>
          {shownName(c.name, locale)}
          {locale !== 'zh_TW' && c.name.zh_TW && c.name[locale] !== c.name.zh_TW ? (
            <Typography.Text type="secondary"> · {c.name.zh_TW}</Typography.Text>
          ) : null}
        </span>
      ),
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
    { title: t('grid.updatedAt'), dataIndex: 'updatedAt', width: 170, responsive: ['lg'] },
    ...(canWrite
      ? [
          {
            title: t('grid.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, c: Category) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('actions.edit')}
                  onClick={() => setTarget({ mode: 'edit', item: c })}
                  data-testid={`category-edit-${c.id}`}
                />
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.delete')}
                  onClick={() => confirmDelete(c)}
                  data-testid={`category-delete-${c.id}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page material-page" data-testid="category-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="material-title">
          {t('category.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('category.intro')}</Typography.Paragraph>
        {canWrite ? null : (
          <Alert type="info" showIcon title={t('readOnly')} className="material-readonly" data-testid="material-readonly" />
        )}
        <div className="filter-bar material-filters">
          <Form
            form={form}
            layout="inline"
            onFinish={(v) => list.search({ name: v.name?.trim() || undefined, status: v.status })}
            className="material-filter-form"
          >
            <Form.Item name="name">
              <Input allowClear placeholder={t('filter.name')} data-testid="category-filter-name" />
            </Form.Item>
            <Form.Item name="status">
              <Select
                allowClear
                placeholder={t('filter.status')}
                className="material-filter-select"
                options={CATEGORY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                data-testid="category-filter-status"
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="category-search">
                {t('actions.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  list.search({});
                }}
              >
                {t('actions.reset')}
              </Button>
            </Space>
          </Form>
          <Space wrap>
            {canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })} data-testid="category-create">
                {t('category.create')}
              </Button>
            ) : null}
            <Button icon={<ReloadOutlined />} loading={list.query.isFetching} onClick={() => void refresh()}>
              {t('actions.refresh')}
            </Button>
          </Space>
        </div>
        <Table<Category>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.query.data?.list ?? []}
          loading={list.query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={serverPagination({
            page: list.page,
            pageSize: list.pageSize,
            total: list.query.data?.total,
            showTotal: (n) => t('grid.total', { n }),
          })}
          onChange={(p) => list.change(p.current, p.pageSize)}
          data-testid="category-table"
        />
      </Card>
      <CategoryDrawer
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
    </div>
  );
}
