import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { imageUrl, type UploadedImage } from '@agent-bo/shared';
import { images } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Q } from '../../core/tx.js';

/** image-size's names of the accepted formats. SVG is left out on purpose: it can carry script. */
const MIME_OF_TYPE: Record<string, UploadedImage['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * Longest side accepted. A few kilobytes of PNG or GIF can declare a 60000 × 60000 canvas that
 * would take gigabytes to decode in a viewer's browser; no banner or inline picture needs more.
 * Refused as VALIDATION_FAILED on `file` (not IMAGE_TYPE_REFUSED, whose message names formats).
 */
export const IMAGE_MAX_SIDE = 10_000;

export type ImageFacts = Pick<UploadedImage, 'mime' | 'width' | 'height'>;

/**
 * The real format and size of `bytes`, read from their magic bytes and header: the file name and
 * the declared content type are the client's word and are ignored.
 */
export function inspectImage(bytes: Buffer): ImageFacts {
  if (bytes.length === 0) throw new AppError('IMAGE_EMPTY');
  let detected: ReturnType<typeof imageSize>;
  try {
    detected = imageSize(bytes);
  } catch {
    // Unknown formats and headers too broken to read.
    throw new AppError('IMAGE_TYPE_REFUSED');
  }
  const mime = detected.type ? MIME_OF_TYPE[detected.type] : undefined;
  if (!mime) throw new AppError('IMAGE_TYPE_REFUSED');
  const { width, height } = detected;
  if (!(width >= 1 && height >= 1 && width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE)) {
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'file', message: 'image.dimensions' }]);
  }
  return { mime, width, height };
}

/**
 * Stores `bytes` under their SHA-256 (the same image is kept once) and renews the upload time of
 * bytes already stored, so orphan cleanup counts its grace from the latest upload. `now` is the
 * app clock, the one cleanup compares with.
 */
export async function storeImage(q: Q, bytes: Buffer, now: Date): Promise<UploadedImage> {
  const facts = inspectImage(bytes);
  const id = createHash('sha256').update(bytes).digest('hex');
  await q
    .insert(images)
    .values({ id, ...facts, size: bytes.length, bytes, createdAt: now, lastUploadedAt: now })
    .onConflictDoUpdate({ target: images.id, set: { lastUploadedAt: sql`excluded.last_uploaded_at` } });
  return { id, url: imageUrl(id), ...facts, size: bytes.length };
}

/** The stored image `id` (a SHA-256 hex), or null. */
export async function readImage(q: Q, id: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const [row] = await q.select({ mime: images.mime, bytes: images.bytes }).from(images).where(eq(images.id, id));
  return row ?? null;
}
