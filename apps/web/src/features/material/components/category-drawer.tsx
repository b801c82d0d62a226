import { useMutation } from '@tanstack/react-query';
import { App, Button, Drawer, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, GAME_CATEGORIES, MATERIAL_NAME_MAX, type Category, type CategorySaveRequest, type Locale } from '@agent-bo/shared';
import { ImageField } from '../../../components/image-field';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { materialApi } from '../api/material-api';
import { useMaterialSave } from '../hooks/use-material-save';
import { localeOfError, NameTabs, namesOf } from './name-tabs';
import { StaleAlert } from './stale-alert';

export type CategoryTarget = { mode: 'create' } | { mode: 'edit'; item: Category };

interface FormValues {
  name: Partial<Record<Locale, string>>;
  iconImageId: string | null;
  sort: number;
  active: boolean;
  providerCategories: string[];
}

const valuesOf = (c: Category | null): FormValues =>
  c
    ? { name: c.name, iconImageId: c.iconImageId, sort: c.sort, active: c.status === 'ACTIVE', providerCategories: c.providerCategories }
    : { name: {}, iconImageId: null, sort: 0, active: true, providerCategories: [] };

/** Create or edit a category: names per locale, icon, sort, status and the provider categories it files. */
export function CategoryDrawer({ target, onClose, onSaved }: { target: CategoryTarget | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();
  const [item, setItem] = useState<Category | null>(null);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const { save, saving, stale, clearStale } = useMaterialSave(materialApi.saveCategory, onSaved);

  const [opened, setOpened] = useState<CategoryTarget | null>(null);
  if (target && target !== opened) {
    setOpened(target);
    setItem(target.mode === 'edit' ? target.item : null);
    setLocale(DEFAULT_LOCALE);
    clearStale();
  }
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(target.mode === 'edit' ? target.item : null));
  }, [target, form]);

  const reread = useMutation({
    mutationFn: () => materialApi.rereadCategory(item!.id),
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
    const body: CategorySaveRequest = {
      ...(item ? { id: item.id, version: item.version } : {}),
      name: namesOf(values.name),
      iconImageId: values.iconImageId ?? null,
      sort: values.sort,
      status: values.active ? 'ACTIVE' : 'DISABLE',
      providerCategories: values.providerCategories as CategorySaveRequest['providerCategories'],
    };
    void save(body);
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 560}
      title={opened?.mode === 'edit' ? t('category.edit', { id: item?.id ?? '' }) : t('category.create')}
      destroyOnHidden
      data-testid="category-drawer"
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
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const failed = localeOfError(errorFields);
          if (failed) setLocale(failed);
        }}
      >
        <NameTabs field="name" max={MATERIAL_NAME_MAX} active={locale} onActiveChange={setLocale} />
        <Form.Item name="iconImageId" label={t('category.icon')}>
          <ImageField canUpload testId="category-icon" />
        </Form.Item>
        <Form.Item name="providerCategories" label={t('category.providerCategories')} extra={t('category.providerCategoriesHint')}>
          <Select
            mode="multiple"
            allowClear
            options={GAME_CATEGORIES.map((c) => ({ value: c, label: t(`providerCategory.${c}`) }))}
            data-testid="category-provider-categories"
          />
        </Form.Item>
        <div className="material-drawer__row">
          <Form.Item name="active" label={t('form.status')} valuePropName="checked">
            <Switch checkedChildren={t('status.ACTIVE')} unCheckedChildren={t('status.DISABLE')} data-testid="category-status" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('form.sort')}
            extra={t('form.sortHint')}
            rules={[{ required: true, type: 'integer', min: 0, max: 1_000_000, message: t('validation.sort') }]}
          >
            <InputNumber min={0} max={1_000_000} precision={0} className="material-sort" data-testid="material-sort" />
          </Form.Item>
        </div>
      </Form>
    </Drawer>
  );
}
