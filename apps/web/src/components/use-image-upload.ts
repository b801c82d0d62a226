import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, type UploadedImage } from '@agent-bo/shared';
import { uploadImage } from '../lib/upload-image';

/** What the client refuses before sending (the server checks the bytes again), as a message key. */
export function imageProblem(file: File): 'image.upload.type' | 'image.upload.tooLarge' | 'image.upload.empty' | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'image.upload.type';
  if (file.size === 0) return 'image.upload.empty';
  if (file.size > IMAGE_MAX_BYTES) return 'image.upload.tooLarge';
  return null;
}

/**
 * One image upload at a time, with its progress and its failure message: the client's own check
 * first, then the server's refusal as it worded it. Leaving the screen cancels a running upload.
 */
export function useImageUpload() {
  const { t } = useTranslation('common');
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const upload = async (file: File): Promise<UploadedImage | null> => {
    const problem = imageProblem(file);
    if (problem) {
      setError(t(problem, { n: IMAGE_MAX_BYTES / 1024 / 1024 }));
      return null;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setPercent(0);
    try {
      return await uploadImage(file, { onProgress: setPercent, signal: controller.signal });
    } catch (caught) {
      if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : t('image.upload.failed'));
      return null;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setPercent(null);
      }
    }
  };

  return { upload, percent, uploading: percent !== null, error };
}
