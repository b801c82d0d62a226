import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  STORE_CATEGORY_STATUSES,
  STORE_NAME_MAX,
  type Locale,
  type StoreCategory,
  type StoreCategorySaveRequest,
  type StoreCategoryStatus,
} from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { storeApi, storeKeys } from '../api/store-api';
import { EditDrawer } from '../../../components/edit-drawer';
import { useEditDrawer } from '../../../hooks/use-edit-drawer';
import { StoreLocaleTabs } from './locale-tabs';
import { completeTexts, textIn } from '../../../lib/localized-text';
import { StatusSortRow } from './sort-status-row';

interface FormValues {
  name: Partial<Record<Locale, string>>;
  status: StoreCategoryStatus;
  sort: number;
}

const valuesOf = (c: StoreCategory | null): FormValues => ({ name: c?.name ?? {}, status: c?.status ?? 'ACTIVE', sort: c?.sort ?? 0 });

/** A new category (`opening.category` null) or one to change: names per locale, status and sort. */
export function CategoryDrawer({ opening, onClose }: { opening: { category: StoreCategory | null } | null; onClose: () => void }) {
  const { t } = useTranslation('store');
  const uiLocale = useLocaleStore((s) => s.locale);
  const [form] = Form.useForm<FormValues>();
  const drawer = useEditDrawer({
    opening,
    initial: opening?.category ?? null,
    form,
    valuesOf,
    reread: storeApi.rereadCategory,
    send: storeApi.saveCategory,
    onClose,
    staleCode: ERRORS.STORE_VERSION_STALE.code,
    invalidate: storeKeys.all,
  });
  const { item } = drawer;

  const submit = (values: FormValues) => {
    const body: StoreCategorySaveRequest = {
      ...(item ? { id: item.id, version: item.version } : {}),
      name: completeTexts(values.name),
      status: values.status,
      sort: values.sort,
    };
    void drawer.save(body);
  };

  return (
    <EditDrawer
      testIdPrefix="store"
      open={opening !== null}
      onClose={onClose}
      width={520}
      title={item ? t('category.edit', { name: textIn(item.name, uiLocale) }) : t('category.create')}
      testId="category-drawer"
      state={drawer}
      onSave={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} onFinishFailed={drawer.onFinishFailed}>
        <StoreLocaleTabs nameMax={STORE_NAME_MAX} active={drawer.locale} onActiveChange={drawer.setLocale} />
        <StatusSortRow statuses={STORE_CATEGORY_STATUSES} testId="category" />
      </Form>
    </EditDrawer>
  );
}
