import { errorNameForCode, IMAGE_MAX_BYTES, uploadedImageSchema, type UploadedImage } from '@agent-bo/shared';
import { api, API_BASE_URL, API_PREFIX } from './api';
import { i18n } from './i18n';

/** A refused or failed upload; `message` is the text to show (the server's own when it sent one). */
class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

interface Envelope {
  code: number;
  message?: string;
  success?: boolean;
  data?: unknown;
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && typeof (parsed as Envelope).code === 'number' ? (parsed as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's message, else the catalogue's text for its code, else the generic failure. */
function failureMessage(envelope: Envelope | undefined): string {
  if (envelope?.message) return envelope.message;
  const name = envelope ? errorNameForCode(envelope.code) : undefined;
  return name ? i18n.t(`errors:${name}`, { n: IMAGE_MAX_BYTES / 1024 / 1024 }) : i18n.t('http:requestFailed');
}

/**
 * `POST manage/upload/image` (multipart, field `file`). Not through the API client: it sends
 * JSON only and `fetch` reports no upload progress, so this is an XMLHttpRequest carrying the
 * client's own token, site and language headers, answering the envelope's `data`.
 */
export function uploadImage(file: File, { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}) {
  return new Promise<UploadedImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}${API_PREFIX}/manage/upload/image`);
    for (const [name, value] of Object.entries(api.requestHeaders())) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const envelope = parseEnvelope(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300 && envelope?.code === 0 && envelope.success !== false;
      const image = ok ? uploadedImageSchema.safeParse(envelope.data) : undefined;
      if (image?.success) return resolve(image.data);
      // An ended session signs out as any other call's 401 would.
      if (xhr.status === 401) api.reportUnauthorized(failureMessage(envelope));
      reject(new UploadError(failureMessage(envelope)));
    };
    xhr.onerror = () => reject(new UploadError(i18n.t('http:network')));
    xhr.ontimeout = () => reject(new UploadError(i18n.t('http:timeout')));
    xhr.onabort = () => reject(new UploadError('cancelled'));
    xhr.timeout = 60_000;
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
