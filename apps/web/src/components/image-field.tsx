import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Progress, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, imageUrl } from '@agent-bo/shared';
import { useImageUpload } from './use-image-upload';
import './image-field.css';

/**
 * The item's image as an antd form control (`value` is the uploaded image's id): preview,
 * upload with progress, replace and remove. Without `canUpload` it only shows the image.
 * `testId` prefixes the test ids of its parts (`<testId>-input`, `-upload`, `-remove`, …).
 */
export function ImageField({
  value,
  onChange,
  canUpload,
  testId = 'image',
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  canUpload: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const { upload, percent, uploading, error } = useImageUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const image = await upload(file);
    if (image) onChange?.(image.id);
  };

  return (
    <div className="image-field" data-testid={testId}>
      {value ? (
        <Image src={imageUrl(value)} alt={t('image.preview')} className="image-field__preview" />
      ) : (
        <Typography.Text type="secondary">{t('image.none')}</Typography.Text>
      )}
      {canUpload ? (
        <>
          <Space wrap>
            <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()} data-testid={`${testId}-upload`}>
              {t(value ? 'image.replace' : 'image.add')}
            </Button>
            {value ? (
              <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid={`${testId}-remove`}>
                {t('image.remove')}
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
            data-testid={`${testId}-input`}
          />
          <Typography.Text type="secondary" className="image-field__hint">
            {t('image.hint', { n: IMAGE_MAX_BYTES / 1024 / 1024 })}
          </Typography.Text>
          {percent !== null ? <Progress percent={percent} size="small" data-testid={`${testId}-progress`} /> : null}
          {error ? (
            <Typography.Text type="danger" role="alert" data-testid={`${testId}-error`}>
              {error}
            </Typography.Text>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
