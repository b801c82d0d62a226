import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { HelmetOptions } from 'helmet';
import { IMAGE_MAX_BYTES, envelopeSchema, imageIdSchema, uploadedImageSchema } from '@agent-bo/shared';
import { DEFAULT_IMAGE_CLEANUP } from '../../config.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import { assertWriter } from '../../core/access.js';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { requirePermission } from '../../plugins/access.js';
import { readImage, storeImage } from './service.js';
import { cleanupOrphanImagesOnce } from './orphans.js';

/** Every write code whose pages upload images; any one of them may upload. */
const IMAGE_WRITERS = 'ACTIVITY_WRITE||GAME_WRITE||CATEGORY_WRITE||COLLECTION_WRITE||STORE_GOODS_WRITE||STORE_CATEGORY_WRITE';

const MIB = 1024 * 1024;

/**
 * An image's bytes never change under its id (the SHA-256 of them): cached for a year by
 * anyone. The bytes are someone's upload, so the browser must take them for exactly the stored
 * type (nosniff) and may run nothing in them (`default-src 'none'`) even when opened directly;
 * the game client shows them from its own origin (cross-origin resource policy).
 */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const IMAGE_HEADERS: HelmetOptions = {
  xContentTypeOptions: true,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/** True when an If-None-Match header lists `etag` (weak comparison, as RFC 9110 asks for this header). */
function etagMatches(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The bytes of the form's `file` field. The parser's own failures (size limit, malformed
 * multipart) become envelope errors instead of 500s.
 */
async function receivedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new AppError('IMAGE_EMPTY');
    return await part.toBuffer();
  } catch (err) {
    if (isAppError(err)) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE', { n: IMAGE_MAX_BYTES / MIB });
    request.log.info({ err }, 'unreadable multipart body');
    throw new AppError('BAD_REQUEST');
  }
}

/**
 * Runs the orphan cleanup every `intervalMs` (0: never). The timer does not keep the process
 * alive; closing the app stops it and waits for a run in progress, which needs the database.
 */
function scheduleOrphanCleanup(app: FastifyInstance) {
  const { intervalMs, graceMs } = { ...DEFAULT_IMAGE_CLEANUP, ...app.config.imageCleanup };
  if (intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const removed = await cleanupOrphanImagesOnce(app.db, app.config.now(), graceMs);
      if (removed) app.log.info({ removed }, 'removed orphan images');
    } catch (err) {
      // A content save racing the delete can fail it (the foreign key); the next run retries.
      app.log.error({ err }, 'orphan image cleanup failed');
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= run();
  }, intervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Image upload (back office) and serving (public, PRODUCT.md §6). */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  scheduleOrphanCleanup(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/upload/image',
    {
      // Refused callers are answered before a byte of the file is read.
      preHandler: [app.authenticate, requirePermission(IMAGE_WRITERS), async (request) => assertWriter(callerOf(request))],
      schema: {
        security: [{ bearer: [] }],
        tags: ['uploads'],
        summary:
          `Upload one image: multipart/form-data, field \`file\`; PNG, JPEG, WebP or GIF by its bytes (not its name or declared type), ` +
          `at most ${IMAGE_MAX_BYTES / MIB} MB and 10000 px a side. The same bytes are stored once, under their SHA-256. ` +
          'Any of ACTIVITY/GAME/CATEGORY/COLLECTION/STORE_GOODS/STORE_CATEGORY _WRITE',
        response: { 200: envelopeSchema(uploadedImageSchema) },
      },
    },
    async (request) => ok(await storeImage(app.db, await receivedFile(request), app.config.now())),
  );

  r.get(
    '/files/:id',
    {
      config: { securityHeaders: IMAGE_HEADERS },
      schema: {
        tags: ['uploads'],
        security: [],
        summary: 'An uploaded image (public, no session): immutable, cached for a year, ETag = its id',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!imageIdSchema.safeParse(id).success) throw new AppError('NOT_FOUND');
      const etag = `"${id}"`;
      // The id is the hash of the bytes: a client holding this tag holds these bytes, whatever the database says.
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.code(304).headers({ etag, 'cache-control': IMAGE_CACHE_CONTROL }).send();
      }
      const image = await readImage(app.db, id);
      if (!image) throw new AppError('NOT_FOUND');
      return reply.headers({ etag, 'cache-control': IMAGE_CACHE_CONTROL }).type(image.mime).send(image.bytes);
    },
  );
}
