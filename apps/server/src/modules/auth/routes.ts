import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, signinRequestSchema, signinResponseSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { resolveSite } from '../../plugins/site.js';
import { signin, signout } from './service.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/signin',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Sign in to the back office; returns a bearer token and the user info',
        body: signinRequestSchema,
        response: { 200: envelopeSchema(signinResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const ua = request.headers['user-agent'];
      const result = await signin(
        app.db,
        { siteId, accountNo: request.body.accountNo, password: request.body.password, ip: request.ip, userAgent: ua },
        { sessionTtlMinutes: app.config.sessionTtlMinutes, throttle: app.config.throttle, sleep: app.config.sleep },
      );
      return ok(result);
    },
  );

  r.post(
    '/manage/signout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(z.null()) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      await signout(app.db, callerOf(request));
      return ok(null);
    },
  );
}
