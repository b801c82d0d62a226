import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idRequestSchema, verificationSchema, verifyRequestSchema } from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { verification, verify } from '../verification.js';
import { done, memberContext, secured } from './context.js';

/** A registered player’s verification, read and decided by its agents. */
export async function memberVerificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const ctx = (request: FastifyRequest) => memberContext(app, request);
  r.post(
    '/manage/player/verification',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "A player's submitted verification",
        body: idRequestSchema,
        response: { 200: envelopeSchema(verificationSchema) },
      },
    },
    async (req) => ok(await verification(app.db, ctx(req), req.body.id)),
  );
  r.post(
    '/manage/player/verify',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Approve or reject a pending verification',
        body: verifyRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await verify(ctx(req), req.body)),
  );
}
