import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  PUBLISH_STATUSES,
  STORE_DESCRIPTION_MAX,
  STORE_IMAGES_MAX,
  STORE_NAME_MAX,
  STORE_QUANTITY_MAX,
  type Goods,
  type GoodsSaveRequest,
  type GoodsStatus,
  type Locale,
  type StoreCategory,
} from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { storeApi, storeKeys } from '../api/store-api';
import { EditDrawer } from '../../../components/edit-drawer';
import { useEditDrawer } from '../../../hooks/use-edit-drawer';
import { ImagesField } from './images-field';
import { StoreLocaleTabs } from './locale-tabs';
import { completeTexts, textIn } from '../../../lib/localized-text';
import { StatusSortRow } from './sort-status-row';
import { wholeNumberRule } from '../../../lib/whole-number-rule';

interface FormValues {
  name: Partial<Record<Locale, string>>;
  description: Partial<Record<Locale, string>>;
  categoryId?: number;
  imageIds: string[];
  price?: number;
  stock?: number;
  perPlayerLimit?: number | null;
  status: GoodsStatus;
  sort: number;
}

const valuesOf = (g: Goods | null): FormValues => ({
  name: g?.name ?? {},
  description: g?.description ?? {},
  categoryId: g?.categoryId,
  imageIds: g?.imageIds ?? [],
  price: g?.price,
  stock: g?.stock ?? 0,
  perPlayerLimit: g?.perPlayerLimit ?? null,
  status: g?.status ?? 'Draft',
  sort: g?.sort ?? 0,
});

/**
 * A new goods item (`opening.goods` null) or one to change: names and descriptions per locale,
 * pictures, category, points price, stock, per-player limit (empty: none), Published / Draft and
 * sort. Stock set here is the stock left now; redemptions take from it one by one.
 */
export function GoodsDrawer({
  opening,
  categories,
  onClose,
}: {
  opening: { goods: Goods | null } | null;
  categories: StoreCategory[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('store');
  const uiLocale = useLocaleStore((s) => s.locale);
  const [form] = Form.useForm<FormValues>();
  const drawer = useEditDrawer({
    opening,
    initial: opening?.goods ?? null,
    form,
    valuesOf,
    reread: storeApi.rereadGoods,
    send: storeApi.saveGoods,
    onClose,
    staleCode: ERRORS.STORE_VERSION_STALE.code,
    invalidate: storeKeys.all,
  });
  const { item } = drawer;

  const submit = (values: FormValues) => {
    const body: GoodsSaveRequest = {
      ...(item ? { id: item.id, version: item.version } : {}),
      categoryId: values.categoryId!,
      name: completeTexts(values.name),
      description: completeTexts(values.description),
      imageIds: values.imageIds ?? [],
      price: values.price!,
      stock: values.stock!,
      perPlayerLimit: values.perPlayerLimit ?? null,
      status: values.status,
      sort: values.sort,
    };
    void drawer.save(body);
  };

  const required = { required: true, message: t('validation.required') };
  return (
    <EditDrawer
      testIdPrefix="store"
      open={opening !== null}
      onClose={onClose}
      width={640}
      title={item ? t('goods.edit', { name: textIn(item.name, uiLocale) }) : t('goods.create')}
      testId="goods-drawer"
      state={drawer}
      onSave={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} onFinishFailed={drawer.onFinishFailed}>
        <StoreLocaleTabs
          nameMax={STORE_NAME_MAX}
          descriptionMax={STORE_DESCRIPTION_MAX}
          active={drawer.locale}
          onActiveChange={drawer.setLocale}
        />
        <Form.Item name="categoryId" label={t('goods.category')} rules={[required]}>
          <Select
            placeholder={t('goods.categoryPick')}
            aria-label={t('goods.categoryPick')}
            options={(categories ?? []).map((c) => ({
              value: c.id,
              label: c.status === 'ACTIVE' ? textIn(c.name, uiLocale) : `${textIn(c.name, uiLocale)} (${t('status.DISABLE')})`,
            }))}
            data-testid="goods-category"
          />
        </Form.Item>
        <Form.Item name="imageIds" label={t('goods.images')} extra={t('goods.imagesHint', { n: STORE_IMAGES_MAX })}>
          <ImagesField />
        </Form.Item>
        <div className="store-drawer__row">
          <Form.Item
            name="price"
            label={t('goods.price')}
            extra={t('goods.priceHint')}
            rules={[required, wholeNumberRule(t, 1, STORE_QUANTITY_MAX)]}
          >
            <InputNumber className="store-number" data-testid="goods-price" />
          </Form.Item>
          <Form.Item
            name="stock"
            label={t('goods.stock')}
            extra={t('goods.stockHint')}
            rules={[required, wholeNumberRule(t, 0, STORE_QUANTITY_MAX)]}
          >
            <InputNumber className="store-number" data-testid="goods-stock" />
          </Form.Item>
        </div>
        <Form.Item
          name="perPlayerLimit"
          label={t('goods.limit')}
          extra={t('goods.limitHint')}
          rules={[wholeNumberRule(t, 1, STORE_QUANTITY_MAX)]}
        >
          <InputNumber placeholder={t('goods.noLimit')} className="store-number" data-testid="goods-limit" />
        </Form.Item>
        <StatusSortRow statuses={PUBLISH_STATUSES} testId="goods" />
      </Form>
    </EditDrawer>
  );
}
