import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORE_IMAGES_MAX } from '@agent-bo/shared';
import { ImageField } from '../../../components/image-field';

/**
 * A goods item's pictures as one form control (`value`: uploaded image ids, the first is the one
 * lists show): each can be replaced or removed, and a free slot uploads another, up to the
 * store's limit. Uploads go through the same checks as every content image.
 */
export function ImagesField({ value = [], onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  const { t } = useTranslation('store');
  const set = (next: string[]) => onChange?.(next);
  return (
    <div className="store-images" data-testid="goods-images">
      {value.map((id, i) => (
        <div className="store-images__item" key={id}>
          <ImageField
            value={id}
            canUpload
            testId={`goods-image-${i}`}
            onChange={(next) => set(next ? value.map((v, j) => (j === i ? next : v)) : value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < STORE_IMAGES_MAX ? (
        <div className="store-images__item" key={`new-${value.length}`}>
          <ImageField value={null} canUpload testId="goods-image-new" onChange={(id) => (id ? set([...value, id]) : undefined)} />
        </div>
      ) : (
        <Typography.Text type="secondary">{t('goods.imagesFull', { n: STORE_IMAGES_MAX })}</Typography.Text>
      )}
    </div>
  );
}
