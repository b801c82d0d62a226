import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aboutSchema, envelopeSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { about } from './service.js';

/** The About page: the running server's versions, start time, the caller's site and the documentation links. */
export async function aboutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/about',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['account'],
        summary:
          'The running server: its version, Node.js and database versions, start time, the caller’s site, and where the API description and the documentation are',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(aboutSchema) },
      },
    },
    async (request) =>
      ok(
        await about(app.db, callerOf(request), {
          apiPrefix: app.config.apiPrefix,
          apiDocs: app.config.apiDocs,
          docsUrl: app.config.docsUrl ?? null,
        }),
      ),
  );
}
