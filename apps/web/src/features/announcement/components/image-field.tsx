import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Progress, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, imageUrl } from '@agent-bo/shared';
import { useImageUpload } from '../hooks/use-image-upload';

/**
 * The item's image as an antd form control (`value` is the uploaded image's id): preview,
 * upload with progress, replace and remove. Without `canUpload` it only shows the image.
 */
export function ImageField({
  value,
  onChange,
  canUpload,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  canUpload: boolean;
}) {
  const { t } = useTranslation('announcement');
  const input = useRef<HTMLInputElement>(null);
  const { upload, percent, uploading, error } = useImageUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const image = await upload(file);
    if (image) onChange?.(image.id);
  };

  return (
    <div className="ann-image" data-testid="content-image">
      {value ? (
        <Image src={imageUrl(value)} alt={t('form.imagePreview')} className="ann-image__preview" />
      ) : (
        <Typography.Text type="secondary">{t('form.noImage')}</Typography.Text>
      )}
      {canUpload ? (
        <>
          <Space wrap>
            <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()} data-testid="content-image-upload">
              {t(value ? 'form.replaceImage' : 'form.uploadImage')}
            </Button>
            {value ? (
              <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="content-image-remove">
                {t('form.removeImage')}
              </Button>
            ) : null}
          </Space>
          <input
            ref={input}
            type="file"
            style={{ display: 'none' }}
            accept={IMAGE_MIME_TYPES.join(',')}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="content-image-input"
          />
          <Typography.Text type="secondary" className="ann-image__hint">
            {t('form.imageHint', { n: IMAGE_MAX_BYTES / 1024 / 1024 })}
          </Typography.Text>
          {percent !== null ? <Progress percent={percent} size="small" data-testid="content-image-progress" /> : null}
          {error ? (
            <Typography.Text type="danger" role="alert" data-testid="content-image-error">
              {error}
            </Typography.Text>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
