import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUSES, GAME_TAGS, type Game, type GameListRequest, type GameTag } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useGameBulk } from '../hooks/use-game-bulk';
import { usePagedList } from '../../../hooks/use-paged-list';
import { BulkMenu } from './bulk-menu';
import { ListButtons } from '../../../components/list-buttons';
import { GameDrawer } from './game-drawer';
import { GameStatusCell, GameTagLabel } from './game-labels';
import { gameName } from './name-tabs';
import { textIn } from '../../../lib/localized-text';
import { PagedTable } from '../../../components/paged-table';
import { Thumb } from '../../../components/thumb';
import { FilterLine, FilterSelect, FilterText } from '../../../components/filter-line';
import { ListPage } from '../../../components/list-page';
import { actionsColumn } from '../../../components/row-actions';
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
  const list = usePagedList<Filters, Awaited<ReturnType<typeof materialApi.games>>>({
    keyOf: materialKeys.games,
    fetch: materialApi.games,
    initial: {},
    testId: 'game',
  });
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => materialApi.options(signal) });
  const refresh = () => client.invalidateQueries({ queryKey: materialKeys.all });
  const bulk = useGameBulk(refresh);
  const [editing, setEditing] = useState<Game | null>(null);
  const [form] = Form.useForm<Filters>();

  const categoryName = (id: number | null) => {
    const category = options.data?.categories.find((c) => c.id === id);
    return category ? textIn(category.name, locale) : null;
  };
  const providerName = (code: string) => options.data?.providers.find((p) => p.code === code)?.name ?? code;

  const columns: ColumnsType<Game> = [
    {
      title: t('game.image'),
      dataIndex: 'imageUrl',
      width: 76,
      responsive: ['sm'],
      render: (url: string | null) => <Thumb url={url} size={48} />,
    },
    {
      title: t('form.name'),
      key: 'name',
      render: (_, g) => {
        const own = textIn(g.names, locale);
        return (
          <div className="material-name" data-testid={`game-name-${g.id}`}>
            <span>{gameName(g, locale)}</span>
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
    ...(canWrite ? [actionsColumn<Game>(t, 'game', setEditing)] : []),
  ];

  return (
    <ListPage
      prefix="material"
      className="material-page"
      testId="game-page"
      title={t('game.title')}
      intro={t('game.intro')}
      canWrite={canWrite}
      after={<GameDrawer game={editing} options={options.data} onClose={() => setEditing(null)} />}
    >
      <div className="filter-bar">
        <FilterLine<Filters> form={form} testId="game" onFinish={(v) => list.search({ ...v, text: v.text?.trim() || undefined })}>
          <FilterSelect
            name="providerCode"
            placeholder={t('filter.provider')}
            options={(options.data?.providers ?? []).map((p) => ({ value: p.code, label: p.name }))}
            testId="game-filter-provider"
          />
          <FilterSelect
            name="categoryId"
            placeholder={t('filter.category')}
            options={(options.data?.categories ?? []).map((c) => ({ value: c.id, label: textIn(c.name, locale) }))}
            testId="game-filter-category"
          />
          <FilterSelect
            name="tag"
            placeholder={t('filter.tag')}
            options={GAME_TAGS.map((tag) => ({ value: tag, label: t(`tag.${tag}`) }))}
            testId="game-filter-tag"
          />
          <FilterSelect
            name="status"
            placeholder={t('filter.status')}
            options={ENTITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            testId="game-filter-status"
          />
          <FilterText name="text" placeholder={t('filter.text')} testId="game-filter-text" />
        </FilterLine>
      </div>
      <div className="material-tools">
        {canWrite ? (
          <Space wrap>
            <Typography.Text type="secondary" data-testid="game-selected">
              {t('grid.selected', { n: bulk.selected.length })}
            </Typography.Text>
            <BulkMenu
              label={t('actions.bulkStatus')}
              choices={ENTITY_STATUSES.map((s) => ({ key: s, label: t(`status.${s}`) }))}
              canOpen={bulk.requireSelection}
              onPick={(status) => void bulk.apply({ status })}
              loading={bulk.applying}
              testId="game-bulk-status"
              itemTestId="bulk-status"
            />
            <BulkMenu
              label={t('actions.bulkTag')}
              choices={GAME_TAGS.map((tag) => ({ key: tag, label: t(`tag.${tag}`) }))}
              canOpen={bulk.requireSelection}
              onPick={(tag: GameTag) => void bulk.apply({ tag })}
              loading={bulk.applying}
              testId="game-bulk-tag"
              itemTestId="bulk-tag"
            />
          </Space>
        ) : (
          <span />
        )}
        <ListButtons canWrite={canWrite} prefix="game" refreshing={list.query.isFetching} onRefresh={() => void refresh()} />
      </div>
      <PagedTable<Game>
        list={list}
        columns={columns}
        testId="game-table"
        rowSelection={
          canWrite
            ? { selectedRowKeys: bulk.selected, onChange: (keys) => bulk.setSelected(keys.map(Number)), preserveSelectedRowKeys: true }
            : undefined
        }
      />
    </ListPage>
  );
}
