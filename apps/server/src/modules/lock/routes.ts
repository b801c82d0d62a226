import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, unlockRequestSchema, unlockResponseSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { unlock } from './service.js';

/** The lock screen (issue 5): unlocking needs the signed-in account's password. */
export async function lockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/unlock',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Unlock the lock screen with the signed-in account’s password (throttled like sign-in; the session ends once locked)',
        security: [{ bearer: [] }],
        body: unlockRequestSchema,
        response: { 200: envelopeSchema(unlockResponseSchema) },
      },
    },
    async (request) => {
      const result = await unlock(
        app.db,
        callerOf(request),
        { password: request.body.password, ip: request.ip },
        { throttle: app.config.throttle, sleep: app.config.sleep },
      );
      return ok(result);
    },
  );
}
