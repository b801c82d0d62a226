import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, outboxListRequestSchema, outboxPageSchema } from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { listOutbox } from './service.js';

/** The outbox page's list (issue 33): the demo driver's messages, for the site's admin. */
export async function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/manage/outbox/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: "Messages the outbox driver kept on the caller's site, newest first (the site's admin only)",
        body: outboxListRequestSchema,
        response: { 200: envelopeSchema(outboxPageSchema) },
      },
    },
    async (request) => ok(await listOutbox(app.db, callerOf(request), request.body.page, request.body.pageSize)),
  );
}
