import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentPageSchema,
  envelopeSchema,
  lowerAgentsRequestSchema,
  playerListRequestSchema,
  playerPageSchema,
  shadowListRequestSchema,
  shadowPageSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { callerOf } from '../../../plugins/auth.js';
import { lowerAgents, playerList, shadowList } from '../lists.js';
import { secured } from './context.js';

/** The three member lists of the caller’s subtree: agents, players, shadows. */
export async function memberListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  r.post(
    '/manage/agent/lower_agents',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Direct agents of the caller or of an agent inside its subtree (paged)',
        body: lowerAgentsRequestSchema,
        response: { 200: envelopeSchema(agentPageSchema) },
      },
    },
    async (req) => ok(await lowerAgents(app.db, callerOf(req), req.body)),
  );
  r.post(
    '/manage/player/list',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Direct players of the caller or of an agent inside its subtree (paged)',
        body: playerListRequestSchema,
        response: { 200: envelopeSchema(playerPageSchema) },
      },
    },
    async (req) => ok(await playerList(app.db, callerOf(req), req.body)),
  );
  r.post(
    '/manage/shadow/list',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "The caller's own shadow accounts (a shadow: its owner's)",
        body: shadowListRequestSchema,
        response: { 200: envelopeSchema(shadowPageSchema) },
      },
    },
    async (req) => ok(await shadowList(app.db, callerOf(req), req.body)),
  );
}
