import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  envelopeSchema,
  providerPositionsQuerySchema,
  providerPositionsSchema,
  transferBackRequestSchema,
  transferBackResultSchema,
} from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { requirePermission } from '../../plugins/access.js';
import { ok } from '../../plugins/envelope.js';
import { providerPositions, transferBack } from './service.js';

/** The optional header; the body field `idempotencyKey` is the alternative. */
const idempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: z.string().optional() });

/** OPERATION_TRANSFER: pull a player's credit back from a provider, and the positions it may pull. */
export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: [app.authenticate, requirePermission('OPERATION_TRANSFER')] };
  const secured = { security: [{ bearer: [] }] };
  r.post(
    '/manage/player/transfer_back',
    {
      ...guarded,
      schema: {
        ...secured,
        tags: ['ledger'],
        summary:
          "Pull a player's credit back from a provider: a signed call to the provider's endpoint (the site's merchant account); once the provider confirms it took the amount from its wallet, TRANSFER_IN (house → player), at most the player's outstanding position there less pending pull-backs. " +
          'No confirmation yet (network, timeout): 4015 PULL_BACK_PENDING, nothing paid; resend with the same key to retry (the provider honours our transaction id once). ' +
          'Any player in the subtree. OPERATION_TRANSFER. Idempotency key: the Idempotency-Key header or the idempotencyKey field.',
        headers: idempotencyHeaders,
        body: transferBackRequestSchema,
        response: { 200: envelopeSchema(transferBackResultSchema) },
      },
    },
    async (req) =>
      ok(
        await transferBack(
          { db: app.db, caller: callerOf(req), ip: req.ip, now: app.config.now },
          req.body,
          req.headers[IDEMPOTENCY_HEADER],
        ),
      ),
  );
  r.get(
    '/manage/player/provider_positions',
    {
      ...guarded,
      schema: {
        ...secured,
        tags: ['ledger'],
        summary: "A player's outstanding position at each provider (Σ out − Σ in − Σ refunds, never below zero). OPERATION_TRANSFER.",
        querystring: providerPositionsQuerySchema,
        response: { 200: envelopeSchema(providerPositionsSchema) },
      },
    },
    async (req) => ok(await providerPositions(app.db, { caller: callerOf(req) }, req.query.id)),
  );
}
