import { DownOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Dropdown, Form, Image, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUSES, GAME_TAGS, type Game, type GameListRequest, type GameStatus, type GameTag } from '@agent-bo/shared';
import { serverPagination } from '../../../components/server-pagination';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { useCanWrite } from '../hooks/use-can-write';
import { useGameBulk } from '../hooks/use-game-bulk';
import { usePagedList } from '../hooks/use-paged-list';
import { GameDrawer } from './game-drawer';
import { GameStatusCell, GameTagLabel } from './game-labels';
import { shownName } from './name-tabs';
import '../material.css';

type Filters = Pick<GameListRequest, 'providerCode' | 'categoryId' | 'tag' | 'status' | 'text'>;

/**
 * The site's games (PRODUCT.md §6, `/material/game`): the providers' catalogue with the
 * operator's edits, filtered by provider, category, tag, status and text. With GAME_WRITE the
 * rows can be edited one by one or selected for a bulk status or tag.
 */
export function GameScreen() {
  const { t } = useTranslation('material');
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canWrite = useCanWrite('GAME_WRITE');
  const list = usePagedList<Filters, Awaited<ReturnType<typeof materialApi.games>>>(materialKeys.games, (body, signal) =>
    materialApi.games(body, signal),
  );
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => materialApi.options(signal) });
  const refresh = () => client.invalidateQueries({ queryKey: materialKeys.all });
  const bulk = useGameBulk(refresh);
  const [editing, setEditing] = useState<Game | null>(null);
  const [menu, setMenu] = useState<'status' | 'tag' | null>(null);
  const [form] = Form.useForm<Filters>();

  const categoryName = (id: number | null) => {
    const category = options.data?.categories.find((c) => c.id === id);
    return category ? shownName(category.name, locale) : null;
  };
  const providerName = (code: string) => options.data?.providers.find((p) => p.code === code)?.name ?? code;

  const columns: ColumnsType<Game> = [
    {
      title: t('game.image'),
      dataIndex: 'imageUrl',
      width: 76,
      responsive: ['sm'],
      render: (url: string | null) =>
        url ? <Image src={url} width={48} height={48} className="material-thumb" alt="" /> : <span className="material-thumb--empty" />,
    },
    {
      title: t('form.name'),
      key: 'name',
      render: (_, g) => {
        const own = shownName(g.names, locale);
        return (
          <div className="material-name" data-testid={`game-name-${g.id}`}>
            <span>{own || shownName(g.providerNames, locale, g.code)}</span>
            <Typography.Text type="secondary" className="material-sub">
              {own ? t('game.operatorName') : t('game.providerNameShort')}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      title: t('game.provider'),
      key: 'provider',
      render: (_, g) => (
        <div className="material-name">
          <span>{providerName(g.providerCode)}</span>
          <Typography.Text type="secondary" className="material-sub">
            {g.code}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('game.category'),
      key: 'category',
      responsive: ['md'],
      render: (_, g) => {
        const name = categoryName(g.effectiveCategoryId);
        if (!name) return <span className="material-muted">{t('game.noCategory')}</span>;
        return g.categoryId === null ? (
          <span>
            {name} <Typography.Text type="secondary">{t('game.auto')}</Typography.Text>
          </span>
        ) : (
          name
        );
      },
    },
    {
      title: t('game.tag'),
      dataIndex: 'tag',
      width: 100,
      render: (tag: GameTag, g) => (
        <span data-testid={`game-tag-${g.id}`}>
          <GameTagLabel tag={tag} />
        </span>
      ),
    },
    { title: t('form.status'), key: 'status', render: (_, g) => <GameStatusCell game={g} /> },
    {
      title: t('game.rtp'),
      dataIndex: 'rtp',
      width: 80,
      align: 'right',
      responsive: ['lg'],
      render: (rtp: string | null) => (rtp ? `${rtp}%` : '—'),
    },
    { title: t('form.sort'), dataIndex: 'sort', width: 70, align: 'right', responsive: ['lg'] },
    {
      title: t('game.visible'),
      dataIndex: 'visible',
      width: 90,
      responsive: ['md'],
      render: (visible: boolean) => (visible ? t('game.shown') : <Typography.Text type="warning">{t('game.hidden')}</Typography.Text>),
    },
    ...(canWrite
      ? [
          {
            title: t('grid.actions'),
            key: 'actions',
            width: 70,
            fixed: 'right' as const,
            render: (_: unknown, g: Game) => (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('actions.edit')}
                onClick={() => setEditing(g)}
                data-testid={`game-edit-${g.id}`}
              />
            ),
          },
        ]
      : []),
  ];

  const openMenu = (which: 'status' | 'tag') => {
    if (bulk.requireSelection()) setMenu(which);
  };

  return (
    <div className="page material-page" data-testid="game-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="material-title">
          {t('game.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('game.intro')}</Typography.Paragraph>
        {canWrite ? null : (
          <Alert type="info" showIcon title={t('readOnly')} className="material-readonly" data-testid="material-readonly" />
        )}
        <Form
          form={form}
          layout="inline"
          className="filter-bar material-filter-form"
          onFinish={(v) => list.search({ ...v, text: v.text?.trim() || undefined })}
        >
          <Form.Item name="providerCode">
            <Select
              allowClear
              placeholder={t('filter.provider')}
              className="material-filter-select"
              options={(options.data?.providers ?? []).map((p) => ({ value: p.code, label: p.name }))}
              data-testid="game-filter-provider"
            />
          </Form.Item>
          <Form.Item name="categoryId">
            <Select
              allowClear
              placeholder={t('filter.category')}
              className="material-filter-select"
              options={(options.data?.categories ?? []).map((c) => ({ value: c.id, label: shownName(c.name, locale) }))}
              data-testid="game-filter-category"
            />
          </Form.Item>
          <Form.Item name="tag">
            <Select
              allowClear
              placeholder={t('filter.tag')}
              className="material-filter-select"
              options={GAME_TAGS.map((tag) => ({ value: tag, label: t(`tag.${tag}`) }))}
              data-testid="game-filter-tag"
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              allowClear
              placeholder={t('filter.status')}
              className="material-filter-select"
              options={ENTITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              data-testid="game-filter-status"
            />
          </Form.Item>
          <Form.Item name="text">
            <Input allowClear placeholder={t('filter.text')} data-testid="game-filter-text" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="game-search">
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
        <div className="material-tools">
          {canWrite ? (
            <Space wrap>
              <Typography.Text type="secondary" data-testid="game-selected">
                {t('grid.selected', { n: bulk.selected.length })}
              </Typography.Text>
              <Dropdown
                open={menu === 'status'}
                onOpenChange={(open) => !open && setMenu(null)}
                trigger={['click']}
                menu={{
                  items: ENTITY_STATUSES.map((s) => ({ key: s, label: <span data-testid={`bulk-status-${s}`}>{t(`status.${s}`)}</span> })),
                  onClick: ({ key }) => {
                    setMenu(null);
                    void bulk.apply({ status: key as GameStatus });
                  },
                }}
              >
                <Button loading={bulk.applying} onClick={() => openMenu('status')} data-testid="game-bulk-status">
                  {t('actions.bulkStatus')} <DownOutlined />
                </Button>
              </Dropdown>
              <Dropdown
                open={menu === 'tag'}
                onOpenChange={(open) => !open && setMenu(null)}
                trigger={['click']}
                menu={{
                  items: GAME_TAGS.map((tag) => ({
                    key: String(tag),
                    label: <span data-testid={`bulk-tag-${tag}`}>{t(`tag.${tag}`)}</span>,
                  })),
                  onClick: ({ key }) => {
                    setMenu(null);
                    void bulk.apply({ tag: Number(key) as GameTag });
                  },
                }}
              >
                <Button loading={bulk.applying} onClick={() => openMenu('tag')} data-testid="game-bulk-tag">
                  {t('actions.bulkTag')} <DownOutlined />
                </Button>
              </Dropdown>
            </Space>
          ) : (
            <span />
          )}
          <Button icon={<ReloadOutlined />} loading={list.query.isFetching} onClick={() => void refresh()}>
            {t('actions.refresh')}
          </Button>
        </div>
        <Table<Game>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.query.data?.list ?? []}
          loading={list.query.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canWrite
              ? { selectedRowKeys: bulk.selected, onChange: (keys) => bulk.setSelected(keys.map(Number)), preserveSelectedRowKeys: true }
              : undefined
          }
          pagination={serverPagination({
            page: list.page,
            pageSize: list.pageSize,
            total: list.query.data?.total,
            showTotal: (n) => t('grid.total', { n }),
          })}
          onChange={(p) => list.change(p.current, p.pageSize)}
          data-testid="game-table"
        />
      </Card>
      <GameDrawer
        game={editing}
        options={options.data}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </div>
  );
}
