import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, userInfoRequestSchema, userInfoSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { getUserInfo } from './service.js';

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/userinfo',
    {
      config: { duringStep: true },
      schema: {
        tags: ['account'],
        summary: "The caller's user info, or (with id) that of an account strictly inside its subtree",
        security: [{ bearer: [] }],
        // The web client may post no body at all.
        body: userInfoRequestSchema.nullish(),
        response: { 200: envelopeSchema(userInfoSchema) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ok(await getUserInfo(app.db, callerOf(request), request.body?.id)),
  );
}
