import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, siteTimeZone } from '@agent-bo/shared';
import { csvHeaders } from '../../../core/csv.js';
import { formatDateTime } from '../../../lib/dates.js';
import { requirePermission } from '../../../plugins/access.js';
import { callerOf } from '../../../plugins/auth.js';
import type { StoreContext } from '../common.js';

/** The answer of a change that returns nothing. */
export const done = envelopeSchema(z.null());

export const secured = { security: [{ bearer: [] }], tags: ['store'] };

/** The back office's store paths. */
export const S = '/manage/store';

/** A signed-in caller holding `code` (a permission expression: `A||B`). */
export function storeNeeds(app: FastifyInstance, code: string) {
  return { preHandler: [app.authenticate, requirePermission(code)] };
}

export function storeContext(app: FastifyInstance, request: FastifyRequest): StoreContext {
  return { db: app.db, caller: callerOf(request), ip: request.ip, now: app.config.now };
}

/** A store CSV named by what it holds and the site's wall clock. */
export function sendStoreCsv(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, name: string, file: NodeJS.ReadableStream) {
  const stamp = formatDateTime(app.config.now(), siteTimeZone(callerOf(req).siteId)).replace(/[-: ]/g, '');
  return reply.headers(csvHeaders(`store-${name}-${stamp}.csv`)).send(file);
}
