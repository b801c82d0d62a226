import { Descriptions, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  ENTITY_STATUSES,
  GAME_TAGS,
  type Game,
  type GameSaveRequest,
  type GameStatus,
  type GameTag,
  type Locale,
  type MaterialOptions,
} from '@agent-bo/shared';
import { ImageField } from '../../../components/image-field';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { EditDrawer } from '../../../components/edit-drawer';
import { useEditDrawer } from '../../../hooks/use-edit-drawer';
import { GameStatusCell } from './game-labels';
import { gameName, NameTabs } from './name-tabs';
import { completeTexts, textIn } from '../../../lib/localized-text';
import { SortField } from './sort-field';

interface FormValues {
  names: Partial<Record<Locale, string>>;
  imageId: string | null;
  categoryId: number | null;
  tag: GameTag;
  status: GameStatus;
  sort: number;
  visible: boolean;
}

const valuesOf = (g: Game | null): FormValues => ({
  names: g?.names ?? {},
  imageId: g?.imageId ?? null,
  categoryId: g?.categoryId ?? null,
  tag: g?.tag ?? 0,
  status: g?.status ?? 'ACTIVE',
  sort: g?.sort ?? 0,
  visible: g?.visible ?? true,
});

const NAME_MAX = 100;

/**
 * The operator's fields of one game: display names per locale (empty shows the provider's),
 * image, category (none: the one mapping its provider category), tag, status, sort and whether
 * the lobby lists it. The provider's fields are shown above, read-only.
 */
export function GameDrawer({ game, options, onClose }: { game: Game | null; options: MaterialOptions | undefined; onClose: () => void }) {
  const { t } = useTranslation('material');
  const uiLocale = useLocaleStore((s) => s.locale);
  const [form] = Form.useForm<FormValues>();
  const drawer = useEditDrawer({
    opening: game,
    initial: game,
    form,
    valuesOf,
    reread: materialApi.rereadGame,
    send: materialApi.saveGame,
    onClose,
    staleCode: ERRORS.MATERIAL_VERSION_STALE.code,
    invalidate: materialKeys.all,
  });
  const { item } = drawer;

  const submit = (values: FormValues) => {
    if (!item) return;
    const body: GameSaveRequest = {
      id: item.id,
      version: item.version,
      names: completeTexts(values.names),
      imageId: values.imageId ?? null,
      categoryId: values.categoryId ?? null,
      tag: values.tag,
      status: values.status,
      sort: values.sort,
      visible: values.visible,
    };
    void drawer.save(body);
  };

  const provider = options?.providers.find((p) => p.code === item?.providerCode);
  return (
    <EditDrawer
      testIdPrefix="material"
      open={game !== null}
      onClose={onClose}
      width={600}
      title={item ? t('game.edit', { name: gameName(item, uiLocale) }) : ''}
      testId="game-drawer"
      state={drawer}
      onSave={() => form.submit()}
    >
      {item ? (
        <Descriptions size="small" column={1} bordered className="material-provider-facts" data-testid="game-provider-facts">
          <Descriptions.Item label={t('game.provider')}>
            {provider?.name ?? item.providerCode} · <code>{item.code}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('game.providerName')}>{textIn(item.providerNames, uiLocale, item.code)}</Descriptions.Item>
          <Descriptions.Item label={t('game.providerCategory')}>{t(`providerCategory.${item.providerCategory}`)}</Descriptions.Item>
          <Descriptions.Item label={t('game.rtp')}>{item.rtp ? `${item.rtp}%` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('game.lobbyState')}>
            <GameStatusCell game={item} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} onFinishFailed={drawer.onFinishFailed}>
        <NameTabs
          field="names"
          max={NAME_MAX}
          optional
          active={drawer.locale}
          onActiveChange={drawer.setLocale}
          placeholders={item?.providerNames}
        />
        <Form.Item name="imageId" label={t('game.image')} extra={t('game.imageHint')}>
          <ImageField canUpload testId="game-image" />
        </Form.Item>
        <div className="material-drawer__row">
          <Form.Item name="categoryId" label={t('game.category')} extra={t('game.categoryHint')}>
            <Select
              allowClear
              placeholder={t('game.categoryAuto')}
              options={(options?.categories ?? []).map((c) => ({ value: c.id, label: textIn(c.name, uiLocale) }))}
              data-testid="game-category"
            />
          </Form.Item>
          <Form.Item name="tag" label={t('game.tag')}>
            <Select options={GAME_TAGS.map((tag) => ({ value: tag, label: t(`tag.${tag}`) }))} data-testid="game-tag" />
          </Form.Item>
        </div>
        <div className="material-drawer__row">
          <Form.Item name="status" label={t('form.status')}>
            <Select options={ENTITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="game-status" />
          </Form.Item>
          <SortField />
        </div>
        <Form.Item name="visible" label={t('game.visible')} valuePropName="checked" extra={t('game.visibleHint')}>
          <Switch checkedChildren={t('game.shown')} unCheckedChildren={t('game.hidden')} data-testid="game-visible" />
        </Form.Item>
      </Form>
    </EditDrawer>
  );
}
