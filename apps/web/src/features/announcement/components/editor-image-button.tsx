import { PictureOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Progress, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, imageUrl } from '@agent-bo/shared';
import { useImageUpload } from '../../../components/use-image-upload';

/** Uploads an image and places it in the body at the cursor, served from our own address. */
export function EditorImageButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation('announcement');
  const input = useRef<HTMLInputElement>(null);
  const { upload, percent, uploading, error } = useImageUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const image = await upload(file);
    if (image)
      editor
        .chain()
        .focus()
        .setImage({ src: imageUrl(image.id), alt: file.name })
        .run();
  };

  return (
    <span className="ann-editor__image">
      <Tooltip title={t('editor.image')}>
        <Button
          size="small"
          type="text"
          aria-label={t('editor.image')}
          icon={<PictureOutlined />}
          loading={uploading}
          onClick={() => input.current?.click()}
          data-testid="editor-image"
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept={IMAGE_MIME_TYPES.join(',')}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
        data-testid="editor-image-input"
      />
      {percent !== null ? <Progress percent={percent} size="small" className="ann-editor__progress" /> : null}
      {error ? (
        <Typography.Text type="danger" role="alert" className="ann-editor__error">
          {error}
        </Typography.Text>
      ) : null}
    </span>
  );
}
