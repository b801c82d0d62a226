import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  creditRequestSchema,
  creditResultSchema,
  envelopeSchema,
  ledgerCheckSchema,
  reliefRequestSchema,
  reliefRuleSchema,
} from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { DEFAULT_LEDGER_BATCH } from '../../config.js';
import { callerOf } from '../../plugins/auth.js';
import { AppError } from '../../lib/app-error.js';
import { isAdmin } from '../../core/caller.js';
import { checkLedger } from './check.js';
import { credit, reliefRule, type CreditOp } from './credit.js';

/** The optional header; the body field `idempotencyKey` is the alternative. */
const idempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: z.string().optional() });

/**
 * Credit moves with a direct child (PRODUCT.md §3–4): agent/recharge, agent/withdraw,
 * player/recharge, player/withdraw, player/poor and agent/poor (an alias of player/poor: relief
 * goes to players only). GET ledger/relief_rule, GET ledger/check (the site's admin only).
 */
export async function ledgerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const batch = { ...DEFAULT_LEDGER_BATCH, ...app.config.ledgerBatch };
  const auth = { preHandler: app.authenticate };
  const secured = { security: [{ bearer: [] }] };
  const routes: { path: string; op: CreditOp; target: 'AGENT' | 'PLAYER'; summary: string }[] = [
    { path: '/manage/agent/recharge', op: 'recharge', target: 'AGENT', summary: 'Move credit from the caller to a direct child agent' },
    { path: '/manage/agent/withdraw', op: 'withdraw', target: 'AGENT', summary: 'Move credit from a direct child agent to the caller' },
    { path: '/manage/agent/poor', op: 'poor', target: 'PLAYER', summary: 'Relief to a direct child player (alias of player/poor)' },
    { path: '/manage/player/recharge', op: 'recharge', target: 'PLAYER', summary: 'Move credit from the caller to a direct child player' },
    { path: '/manage/player/withdraw', op: 'withdraw', target: 'PLAYER', summary: 'Move credit from a direct child player to the caller' },
    {
      path: '/manage/player/poor',
      op: 'poor',
      target: 'PLAYER',
      summary: "Relief to a direct child player under the site's threshold and daily cap",
    },
  ];
  for (const route of routes) {
    r.post(
      route.path,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['ledger'],
          summary: `${route.summary}. Idempotency key: the Idempotency-Key header or the idempotencyKey field.`,
          headers: idempotencyHeaders,
          body: route.op === 'poor' ? reliefRequestSchema : creditRequestSchema,
          response: { 200: envelopeSchema(creditResultSchema) },
        },
      },
      async (req) =>
        ok(
          await credit(
            { db: app.db, caller: callerOf(req), ip: req.ip, now: app.config.now, batch },
            route,
            req.body,
            req.headers[IDEMPOTENCY_HEADER],
          ),
        ),
    );
  }
  r.get(
    '/manage/ledger/relief_rule',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['ledger'],
        summary: "The site's relief rule (threshold, maximum, grants per business day)",
        response: { 200: envelopeSchema(reliefRuleSchema) },
      },
    },
    async (req) => ok(await reliefRule(app.db, callerOf(req).siteId)),
  );
  r.get(
    '/manage/ledger/check',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['ledger'],
        summary: "Ledger invariant check of the caller's site (the admin only)",
        response: { 200: envelopeSchema(ledgerCheckSchema) },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      if (!isAdmin(caller.account)) throw new AppError('PERMISSION_DENIED');
      return ok(await checkLedger(app.db, { siteId: caller.siteId }));
    },
  );
}
