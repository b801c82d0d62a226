import { inArray } from 'drizzle-orm';
import { images } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Tx } from './tx.js';

/**
 * Every image a save refers to must exist (IMAGE_NOT_FOUND otherwise). Each is touched as if
 * uploaded now: the orphan cleanup spares recently uploaded images, and a cleanup already waiting
 * on these rows re-reads them after this commit and finds them fresh, so an image a save has just
 * started to use is never removed (a reference inside a body has no foreign key to stop it).
 */
export async function touchImages(tx: Tx, ids: readonly (string | null | undefined)[], now: Date): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return;
  const touched = await tx.update(images).set({ lastUploadedAt: now }).where(inArray(images.id, wanted)).returning({ id: images.id });
  if (touched.length !== wanted.length) throw new AppError('IMAGE_NOT_FOUND');
}
