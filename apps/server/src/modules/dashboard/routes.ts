import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardOverviewSchema, envelopeSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { overview } from './service.js';

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/dashboard/overview',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The caller's own figures: balance, direct and subtree agent/player counts, last sign-in",
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(dashboardOverviewSchema) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ok(await overview(app.db, callerOf(request))),
  );
}
