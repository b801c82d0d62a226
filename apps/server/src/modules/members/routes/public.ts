import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  registerRequestSchema,
  registerResponseSchema,
  submitVerifyRequestSchema,
  submitVerifyResponseSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { resolveSite } from '../../../plugins/site.js';
import { register, submitVerify } from '../public.js';

/** Registration through an invite and the verification request: public, no session. */
export async function memberPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = (request: FastifyRequest) => ({
    db: app.db,
    siteId: resolveSite(request, app.config.siteHosts),
    ip: request.ip,
    throttle: app.config.throttle,
    sleep: app.config.sleep,
  });
  r.post(
    '/manage/player/register',
    {
      schema: {
        tags: ['members'],
        security: [],
        summary: 'Register a player through an invite code (public)',
        body: registerRequestSchema,
        response: { 200: envelopeSchema(registerResponseSchema) },
      },
    },
    async (req) => ok(await register(pub(req), req.body)),
  );
  r.post(
    '/manage/player/submit_verify',
    {
      schema: {
        tags: ['members'],
        security: [],
        summary: 'A registered player submits its identity for verification (public)',
        body: submitVerifyRequestSchema,
        response: { 200: envelopeSchema(submitVerifyResponseSchema) },
      },
    },
    async (req) => ok(await submitVerify(pub(req), req.body)),
  );
}
