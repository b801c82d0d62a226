import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentCreateRequestSchema,
  copyInfoSchema,
  envelopeSchema,
  playerCreateRequestSchema,
  shadowCreateRequestSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { createAgent, createPlayer, createShadow } from '../create.js';
import { memberContext, secured } from './context.js';

/** Opening agents, players and shadows. */
export async function memberCreateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const ctx = (request: FastifyRequest) => memberContext(app, request);
  r.post(
    '/manage/agent/create',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Create an agent (copy info with the one-time password)',
        body: agentCreateRequestSchema,
        response: { 200: envelopeSchema(copyInfoSchema) },
      },
    },
    async (req) => ok(await createAgent(ctx(req), req.body)),
  );
  r.post(
    '/manage/player/create',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Create a player (copy info with the one-time password)',
        body: playerCreateRequestSchema,
        response: { 200: envelopeSchema(copyInfoSchema) },
      },
    },
    async (req) => ok(await createPlayer(ctx(req), req.body)),
  );
  r.post(
    '/manage/shadow/create',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Create a shadow account of the caller',
        body: shadowCreateRequestSchema,
        response: { 200: envelopeSchema(copyInfoSchema) },
      },
    },
    async (req) => ok(await createShadow(ctx(req), req.body)),
  );
}
