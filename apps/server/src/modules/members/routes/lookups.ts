import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentLimitsSchema,
  betLimitPresetSchema,
  checkAccountNoRequestSchema,
  checkAccountNoResponseSchema,
  envelopeSchema,
  idRequestSchema,
  inviteUrlSchema,
  providerOptionSchema,
  suggestedAccountNoSchema,
  upperAgentSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { callerOf } from '../../../plugins/auth.js';
import { callerRateKey } from '../../../plugins/security.js';
import { assertWriter } from '../../../core/access.js';
import { inviteUrl, isAccountNoFree, suggestAccountNo } from '../credentials.js';
import { agentLimits, betLimits, providerOptions } from '../limits.js';
import { upperAgents } from '../move.js';
import { memberContext, secured, CHECK_ACCOUNT_NO_LIMIT } from './context.js';

/** What the wizards and dialogs look up: invite URL, account numbers, upper agents, providers, limits, bet limits. */
export async function memberLookupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const ctx = (request: FastifyRequest) => memberContext(app, request);
  r.post(
    '/manage/agent/copy_invite_url',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "An agent's invite URL (created when missing)",
        body: idRequestSchema,
        response: { 200: envelopeSchema(inviteUrlSchema) },
      },
    },
    async (req) => ok(await inviteUrl(ctx(req), req.body.id)),
  );
  r.post(
    '/manage/agent/check_account_no',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: `Whether an account number is free on this site (callers who may create accounts; ${CHECK_ACCOUNT_NO_LIMIT.max} a minute per session)`,
        body: checkAccountNoRequestSchema,
        response: { 200: envelopeSchema(checkAccountNoResponseSchema) },
      },
      // It tells whether an account number exists: only for those who may create accounts, and
      // few enough a minute that it cannot list a site's accounts.
      config: { rateLimit: { ...CHECK_ACCOUNT_NO_LIMIT, keyGenerator: callerRateKey } },
    },
    async (req) => {
      const caller = callerOf(req);
      assertWriter(caller);
      return ok({ available: await isAccountNoFree(app.db, caller.siteId, req.body.accountNo) });
    },
  );
  r.post(
    '/manage/agent/upper_agents',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "The account's chain from the caller down to its parent (empty for oneself)",
        body: idRequestSchema,
        response: { 200: envelopeSchema(z.array(upperAgentSchema)) },
      },
    },
    async (req) => ok(await upperAgents(app.db, ctx(req), req.body.id)),
  );
  r.get(
    '/manage/agent/create_account_no',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'A free agent account number',
        response: { 200: envelopeSchema(suggestedAccountNoSchema) },
      },
    },
    async (req) => ok({ accountNo: await suggestAccountNo(app.db, callerOf(req).siteId, 'ag') }),
  );
  r.get(
    '/manage/player/create_account_no',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'A free player account number',
        response: { 200: envelopeSchema(suggestedAccountNoSchema) },
      },
    },
    async (req) => ok({ accountNo: await suggestAccountNo(app.db, callerOf(req).siteId, 'pl') }),
  );
  r.post(
    '/manage/agent/providers',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "The parent's providers with enabled = in this account's set (own id: the caller's set)",
        body: idRequestSchema,
        response: { 200: envelopeSchema(z.array(providerOptionSchema)) },
      },
    },
    async (req) => ok(await providerOptions(app.db, ctx(req), req.body.id)),
  );
  r.post(
    '/manage/agent/limits',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "An agent's own ratio, providers and bet limits (own id allowed): the bounds of accounts created under it",
        body: idRequestSchema,
        response: { 200: envelopeSchema(agentLimitsSchema) },
      },
    },
    async (req) => ok(await agentLimits(app.db, ctx(req), req.body.id)),
  );
  r.get(
    '/manage/bet_limits',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "The site's bet-limit presets",
        response: { 200: envelopeSchema(z.array(betLimitPresetSchema)) },
      },
    },
    async (req) => ok(await betLimits(app.db, callerOf(req).siteId)),
  );
}
