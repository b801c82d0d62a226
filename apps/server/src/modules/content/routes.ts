import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentIdsRequestSchema,
  contentListRequestSchema,
  contentListSchema,
  contentPopsRequestSchema,
  contentPopsSchema,
  contentSaveRequestSchema,
  contentSaveResultSchema,
  envelopeSchema,
} from '@agent-bo/shared';
import { localeOf, ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { requirePermission } from '../../plugins/access.js';
import { currentPops, listContent } from './list.js';
import { deleteContent, saveContent, setPops, type ContentContext } from './service.js';

const done = envelopeSchema(z.null());

/**
 * Site content (`/announcement`, PRODUCT.md §6): activities, announcements and broadcasts of the
 * caller's site. The codes are checked here; the writer rule lives in the service.
 */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearer: [] }], tags: ['content'] };
  const needs = (code: 'ACTIVITY_WRITE' | 'ACTIVITY_READ||ACTIVITY_WRITE') => ({
    preHandler: [app.authenticate, requirePermission(code)],
  });
  const ctx = (request: FastifyRequest): ContentContext => ({
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    now: app.config.now,
  });

  r.post(
    '/manage/activity/list',
    {
      ...needs('ACTIVITY_READ||ACTIVITY_WRITE'),
      schema: {
        ...secured,
        summary:
          "The site's activities, announcements and broadcasts: filtered by type, status, title (any locale), a time range the item overlaps and pop-ups only; sorted and paged",
        body: contentListRequestSchema,
        response: { 200: envelopeSchema(contentListSchema) },
      },
    },
    async (req) => ok(await listContent(app.db, callerOf(req), req.body)),
  );

  r.post(
    '/manage/activity/save',
    {
      ...needs('ACTIVITY_WRITE'),
      schema: {
        ...secured,
        summary:
          'Creates (no id) or updates an item with the version it read (CONTENT_VERSION_STALE when another save came first); bodies are sanitized to the editor’s formatting; the type of an item never changes',
        body: contentSaveRequestSchema,
        response: { 200: envelopeSchema(contentSaveResultSchema) },
      },
    },
    async (req) => ok(await saveContent(ctx(req), req.body)),
  );

  r.delete(
    '/manage/activity/delete',
    {
      ...needs('ACTIVITY_WRITE'),
      schema: {
        ...secured,
        summary: "Deletes the listed items (JSON body), all or none: every id must be an item of the caller's site",
        body: contentIdsRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await deleteContent(ctx(req), req.body.ids);
      return ok(null);
    },
  );

  r.get(
    '/manage/activity/pops',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          'The pop-up activities published and current now, in pop-up order, in the caller’s language (Accept-Language; an empty locale falls back to zh_TW)',
        response: { 200: envelopeSchema(contentPopsSchema) },
      },
    },
    async (req) => ok(await currentPops(app.db, callerOf(req).siteId, app.config.now(), localeOf(req))),
  );

  r.post(
    '/manage/activity/set_pops',
    {
      ...needs('ACTIVITY_WRITE'),
      schema: {
        ...secured,
        summary: "Replaces the site's pop-up list with these activities, in this order (an empty list clears it)",
        body: contentPopsRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await setPops(ctx(req), req.body.ids);
      return ok(null);
    },
  );
}
