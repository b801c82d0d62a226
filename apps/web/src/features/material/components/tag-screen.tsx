import { PlusOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Segmented, Space, Spin, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_IDS_MAX, satisfies, type Game, type GameTag } from '@agent-bo/shared';
import { SortableList } from '../../../components/sortable-list';
import { usePermissionStore } from '../../../stores/permission-store';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useGameBulk } from '../hooks/use-game-bulk';
import { useLocalOrder } from '../hooks/use-local-order';
import { GameLine } from './game-line';
import { GameSearchSelect } from './game-search-select';
import { gameName } from './name-tabs';
import { ListPage } from '../../../components/list-page';
import '../material.css';

type RecommendTag = Exclude<GameTag, 0>;
const TAGS: readonly RecommendTag[] = [1, 2, 3];

/**
 * Recommend management (PRODUCT.md §6, `/material/tag`): per tag (hot, new, recommended) the
 * games carrying it in their lobby order. With TAG_WRITE the order is changed by drag and drop,
 * keyboard or buttons and saved (`tag/sort`); a game's tag itself is a game's field, so adding
 * and removing games (`game/bulk_tag`) needs GAME_WRITE too.
 */
export function TagScreen() {
  const { t } = useTranslation('material');
  const { modal, message } = App.useApp();
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canSort = useCanWrite('TAG_WRITE');
  const canTag = useCanWrite('TAG_WRITE', 'GAME_WRITE');
  // Provider names come with the game options, which a TAG_-only holder cannot read.
  const readsOptions = usePermissionStore((s) => satisfies('GAME_READ||GAME_WRITE||COLLECTION_READ||COLLECTION_WRITE', s.permCodes));
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => materialApi.options(signal), enabled: readsOptions });
  const [tag, setTag] = useState<RecommendTag>(1);
  const query = useQuery({ queryKey: materialKeys.tag(tag), queryFn: ({ signal }) => materialApi.tagGames(tag, signal) });
  const order = useLocalOrder(query.data ?? []);
  const refresh = () => client.invalidateQueries({ queryKey: materialKeys.all });
  const [picked, setPicked] = useState<Game[]>([]);
  const bulk = useGameBulk(refresh);

  const providerName = (code: string) => options.data?.providers.find((p) => p.code === code)?.name;
  const save = useMutation({
    mutationFn: () => materialApi.sortTag({ tag, ids: order.items.slice(0, MATERIAL_IDS_MAX).map((g) => g.id) }),
    onSuccess: async () => {
      void message.success(t('grid.saved'));
      await refresh();
      order.reset();
    },
  });
  const untag = useMutation({ mutationFn: (game: Game) => materialApi.bulkTag({ ids: [game.id], tag: 0 }), onSettled: refresh });

  const switchTag = (next: RecommendTag) => {
    setTag(next);
    setPicked([]);
    order.reset();
  };
  const add = async () => {
    if (
      await bulk.apply(
        { tag },
        picked.map((g) => g.id),
      )
    )
      setPicked([]);
  };
  const confirmRemove = (game: Game) => {
    void modal.confirm({
      title: t('recommend.confirmRemove', { name: gameName(game, locale), tag: t(`tag.${tag}`) }),
      content: t('recommend.removeHint'),
      okText: t('recommend.remove'),
      okButtonProps: { danger: true, 'data-testid': 'recommend-remove-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await untag.mutateAsync(game);
          void message.success(t('grid.saved'));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  return (
    <ListPage
      prefix="material"
      className="material-page"
      testId="tag-page"
      title={t('recommend.title')}
      intro={t('recommend.intro')}
      canWrite={canSort}
    >
      <div className="material-tools">
        <Segmented<RecommendTag>
          value={tag}
          onChange={switchTag}
          options={TAGS.map((value) => ({ value, label: <span data-testid={`recommend-tag-${value}`}>{t(`tag.${value}`)}</span> }))}
          data-testid="recommend-tags"
        />
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void refresh()}>
          {t('actions.refresh')}
        </Button>
      </div>
      {canTag ? (
        <div className="material-add">
          <GameSearchSelect
            multiple
            source="game"
            search={(text, signal) =>
              materialApi.games({ text: text || undefined, unavailable: false, pageSize: 50 }, signal).then((r) => r.list)
            }
            chosen={order.items.map((g) => g.id)}
            picked={picked}
            onPickedChange={setPicked}
            placeholder={t('recommend.addPlaceholder')}
            testId="recommend-add"
          />
          <Button icon={<PlusOutlined />} loading={bulk.applying} onClick={() => void add()} data-testid="recommend-add-apply">
            {t('recommend.add', { tag: t(`tag.${tag}`) })}
          </Button>
        </div>
      ) : null}
      {query.isFetching && !query.data ? (
        <Spin className="material-spin" />
      ) : order.items.length === 0 ? (
        <Empty description={t('recommend.empty', { tag: t(`tag.${tag}`) })} />
      ) : (
        <SortableList
          items={order.items}
          idOf={(g) => g.id}
          labelOf={(g) => gameName(g, locale)}
          render={(g) => <GameLine game={g} providerName={providerName(g.providerCode)} />}
          onMove={canSort ? order.move : undefined}
          onRemove={canTag ? confirmRemove : undefined}
          testId="recommend-list"
          testIdPrefix="recommend"
        />
      )}
      {canSort ? (
        <div className="material-savebar">
          <Typography.Text type="secondary">{order.changed ? t('recommend.unsaved') : t('recommend.saved')}</Typography.Text>
          <Space>
            <Button icon={<UndoOutlined />} disabled={!order.changed} onClick={order.reset} data-testid="recommend-reset">
              {t('actions.reset')}
            </Button>
            <Button
              type="primary"
              disabled={!order.changed}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="recommend-save"
            >
              {t('recommend.saveOrder')}
            </Button>
          </Space>
        </div>
      ) : null}
    </ListPage>
  );
}
