import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, siteShellSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';

/** The site's shell settings as the caller sees them (issue 38). */
export async function shellRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/shell',
    {
      config: { duringStep: true },
      preHandler: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'The caller’s site shell: whether the watermark is on, and the embedded pages the caller’s codes may open',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(siteShellSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await app.siteShells.loaded();
      return ok(app.siteShells.shellFor(caller.siteId, caller.codes));
    },
  );
}
