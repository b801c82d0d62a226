import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, GAME_CATEGORIES, MATERIAL_NAME_MAX, type Category, type CategorySaveRequest, type Locale } from '@agent-bo/shared';
import { ImageField } from '../../../components/image-field';
import { materialApi, materialKeys } from '../api/material-api';
import { EditDrawer } from '../../../components/edit-drawer';
import { useEditDrawer } from '../../../hooks/use-edit-drawer';
import { NameTabs } from './name-tabs';
import { completeTexts } from '../../../lib/localized-text';
import { SortField } from './sort-field';

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
export function CategoryDrawer({ target, onClose }: { target: CategoryTarget | null; onClose: () => void }) {
  const { t } = useTranslation('material');
  const [form] = Form.useForm<FormValues>();
  const drawer = useEditDrawer({
    opening: target,
    initial: target?.mode === 'edit' ? target.item : null,
    form,
    valuesOf,
    reread: (c: Category) => materialApi.rereadCategory(c.id),
    send: materialApi.saveCategory,
    onClose,
    staleCode: ERRORS.MATERIAL_VERSION_STALE.code,
    invalidate: materialKeys.all,
  });
  const { item } = drawer;

  const submit = (values: FormValues) => {
    const body: CategorySaveRequest = {
      ...(item ? { id: item.id, version: item.version } : {}),
      name: completeTexts(values.name),
      iconImageId: values.iconImageId ?? null,
      sort: values.sort,
      status: values.active ? 'ACTIVE' : 'DISABLE',
      providerCategories: values.providerCategories as CategorySaveRequest['providerCategories'],
    };
    void drawer.save(body);
  };

  return (
    <EditDrawer
      testIdPrefix="material"
      open={target !== null}
      onClose={onClose}
      width={560}
      title={item ? t('category.edit', { id: item.id }) : t('category.create')}
      testId="category-drawer"
      state={drawer}
      onSave={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} onFinishFailed={drawer.onFinishFailed}>
        <NameTabs field="name" max={MATERIAL_NAME_MAX} active={drawer.locale} onActiveChange={drawer.setLocale} />
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
          <SortField hint />
        </div>
      </Form>
    </EditDrawer>
  );
}
