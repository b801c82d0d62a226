import { useMutation } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LOCALE,
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
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi } from '../api/material-api';
import { useMaterialSave } from '../hooks/use-material-save';
import { GameStatusCell } from './game-labels';
import { localeOfError, NameTabs, namesOf, shownName } from './name-tabs';
import { StaleAlert } from './stale-alert';

interface FormValues {
  names: Partial<Record<Locale, string>>;
  imageId: string | null;
  categoryId: number | null;
  tag: GameTag;
  status: GameStatus;
  sort: number;
  visible: boolean;
}

const valuesOf = (g: Game): FormValues => ({
  names: g.names,
  imageId: g.imageId,
  categoryId: g.categoryId,
  tag: g.tag,
  status: g.status,
  sort: g.sort,
  visible: g.visible,
});

const NAME_MAX = 100;

/**
 * The operator's fields of one game: display names per locale (empty shows the provider's),
 * image, category (none: the one mapping its provider category), tag, status, sort and whether
 * the lobby lists it. The provider's fields are shown above, read-only.
 */
export function GameDrawer({
  game,
  options,
  onClose,
  onSaved,
}: {
  game: Game | null;
  options: MaterialOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const uiLocale = useLocaleStore((s) => s.locale);
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();
  const [item, setItem] = useState<Game | null>(null);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const { save, saving, stale, clearStale } = useMaterialSave(materialApi.saveGame, onSaved);

  const [opened, setOpened] = useState<Game | null>(null);
  if (game && game !== opened) {
    setOpened(game);
    setItem(game);
    setLocale(DEFAULT_LOCALE);
    clearStale();
  }
  useEffect(() => {
    if (!game) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(game));
  }, [game, form]);

  const reread = useMutation({
    mutationFn: () => materialApi.rereadGame(item!),
    onSuccess: (fresh) => {
      if (!fresh) {
        void message.warning(t('form.gone'));
        onClose();
        return;
      }
      setItem(fresh);
      form.setFieldsValue(valuesOf(fresh));
      clearStale();
    },
  });

  const submit = (values: FormValues) => {
    if (!item) return;
    const body: GameSaveRequest = {
      id: item.id,
      version: item.version,
      names: namesOf(values.names),
      imageId: values.imageId ?? null,
      categoryId: values.categoryId ?? null,
      tag: values.tag,
      status: values.status,
      sort: values.sort,
      visible: values.visible,
    };
    void save(body);
  };

  const provider = options?.providers.find((p) => p.code === item?.providerCode);
  return (
    <Drawer
      open={game !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 600}
      title={item ? t('game.edit', { name: shownName(item.names, uiLocale, shownName(item.providerNames, uiLocale, item.code)) }) : ''}
      destroyOnHidden
      data-testid="game-drawer"
      footer={
        <Space className="material-drawer__footer">
          <Button onClick={onClose} data-testid="material-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="material-save">
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {stale ? <StaleAlert message={stale} reloading={reread.isPending} onReload={() => reread.mutate()} /> : null}
      {item ? (
        <Descriptions size="small" column={1} bordered className="material-provider-facts" data-testid="game-provider-facts">
          <Descriptions.Item label={t('game.provider')}>
            {provider?.name ?? item.providerCode} · <code>{item.code}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('game.providerName')}>{shownName(item.providerNames, uiLocale, item.code)}</Descriptions.Item>
          <Descriptions.Item label={t('game.providerCategory')}>{t(`providerCategory.${item.providerCategory}`)}</Descriptions.Item>
          <Descriptions.Item label={t('game.rtp')}>{item.rtp ? `${item.rtp}%` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('game.lobbyState')}>
            <GameStatusCell game={item} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const failed = localeOfError(errorFields);
          if (failed) setLocale(failed);
        }}
      >
        <NameTabs field="names" max={NAME_MAX} optional active={locale} onActiveChange={setLocale} placeholders={item?.providerNames} />
        <Form.Item name="imageId" label={t('game.image')} extra={t('game.imageHint')}>
          <ImageField canUpload testId="game-image" />
        </Form.Item>
        <div className="material-drawer__row">
          <Form.Item name="categoryId" label={t('game.category')} extra={t('game.categoryHint')}>
            <Select
              allowClear
              placeholder={t('game.categoryAuto')}
              options={(options?.categories ?? []).map((c) => ({ value: c.id, label: shownName(c.name, uiLocale) }))}
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
          <Form.Item
            name="sort"
            label={t('form.sort')}
            rules={[{ required: true, type: 'integer', min: 0, max: 1_000_000, message: t('validation.sort') }]}
          >
            <InputNumber min={0} max={1_000_000} precision={0} className="material-sort" data-testid="material-sort" />
          </Form.Item>
        </div>
        <Form.Item name="visible" label={t('game.visible')} valuePropName="checked" extra={t('game.visibleHint')}>
          <Switch checkedChildren={t('game.shown')} unCheckedChildren={t('game.hidden')} data-testid="game-visible" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
