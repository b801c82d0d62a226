import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentLimitsSchema,
  agentChangeInfoRequestSchema,
  agentCreateRequestSchema,
  agentPageSchema,
  betLimitPresetSchema,
  changeStatusRequestSchema,
  checkAccountNoRequestSchema,
  checkAccountNoResponseSchema,
  copyInfoSchema,
  envelopeSchema,
  historyPageSchema,
  historyRequestSchema,
  idRequestSchema,
  inviteUrlSchema,
  lowerAgentsRequestSchema,
  moveRequestSchema,
  ownChangeInfoRequestSchema,
  permissionGrantRequestSchema,
  playerChangeInfoRequestSchema,
  playerCreateRequestSchema,
  playerListRequestSchema,
  playerPageSchema,
  providerOptionSchema,
  registerRequestSchema,
  registerResponseSchema,
  shadowCreateRequestSchema,
  shadowListRequestSchema,
  shadowPageSchema,
  submitVerifyRequestSchema,
  submitVerifyResponseSchema,
  suggestedAccountNoSchema,
  upperAgentSchema,
  verificationSchema,
  verifyRequestSchema,
} from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { resolveSite } from '../../plugins/site.js';
import { callerRateKey } from '../../plugins/security.js';
import { assertWriter } from '../../core/access.js';
import type { MemberContext } from './context.js';
import { history, lowerAgents, playerList, shadowList } from './lists.js';
import { register, submitVerify } from './public.js';
import {
  betLimits,
  changeMemberInfo,
  changeOwnInfo,
  changePermissions,
  changeStatus,
  copyInfo,
  createAgent,
  createPlayer,
  createShadow,
  inviteUrl,
  isAccountNoFree,
  move,
  providerOptions,
  agentLimits,
  resetPassword,
  suggestAccountNo,
  upperAgents,
  verification,
  verify,
} from './service.js';

const done = envelopeSchema(z.null());

/** check_account_no: calls per session (or address) and window; the wizard checks as the user types. */
export const CHECK_ACCOUNT_NO_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * Agents, players and shadows (PRODUCT.md §3). Every route but register / submit_verify needs a
 * session; the rules (reach, read-only callers, ratios, providers, moves) live in the services.
 */
export async function memberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const secured = { security: [{ bearer: [] }] };

  const ctx = (request: FastifyRequest): MemberContext => ({
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    origin: `${request.protocol}://${request.host}`,
    clientUrl: app.config.clientUrls[callerOf(request).siteId] ?? null,
    handoffKey: app.config.handoffKey,
    now: app.config.now,
  });

  // ---- lists -------------------------------------------------------------------------------
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

  // ---- create ------------------------------------------------------------------------------
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

  // ---- edit --------------------------------------------------------------------------------
  r.post(
    '/manage/agent/change_account_info',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "Change an agent's nickname, ratio, providers, bet limits",
        body: agentChangeInfoRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await changeMemberInfo(ctx(req), req.body, 'agent')),
  );
  r.post(
    '/manage/player/change_account_info',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "Change a player's nickname, providers, bet limits",
        body: playerChangeInfoRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await changeMemberInfo(ctx(req), req.body, 'player')),
  );
  r.post(
    '/manage/change_account_info',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: "The caller's own nickname and password",
        body: ownChangeInfoRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await changeOwnInfo(ctx(req), req.body)),
  );
  for (const [path, kind] of [
    ['agent', 'agent'],
    ['player', 'player'],
    ['shadow', 'shadow'],
  ] as const) {
    r.post(
      `/manage/${path}/change_status`,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['members'],
          summary: `Status action on a ${kind}`,
          body: changeStatusRequestSchema,
          response: { 200: done },
        },
      },
      async (req) => ok(await changeStatus(ctx(req), req.body, kind)),
    );
    r.post(
      `/manage/${path}/history`,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['members'],
          summary: `Operation log of a ${kind} (newest first)`,
          body: historyRequestSchema,
          response: { 200: envelopeSchema(historyPageSchema) },
        },
      },
      async (req) => ok(await history(app.db, callerOf(req), kind, req.body)),
    );
    r.post(
      `/manage/${path}/copy_info`,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['members'],
          summary: `Copy info of a ${kind}; pwd only through the one-time hand-off`,
          body: idRequestSchema,
          response: { 200: envelopeSchema(copyInfoSchema) },
        },
      },
      async (req) => ok(await copyInfo(ctx(req), req.body.id, kind)),
    );
    r.post(
      `/manage/${path}/reset_password`,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['members'],
          summary: `New random password for a ${kind} (one-time hand-off)`,
          body: idRequestSchema,
          response: { 200: envelopeSchema(copyInfoSchema) },
        },
      },
      async (req) => ok(await resetPassword(ctx(req), req.body.id, kind)),
    );
  }
  for (const kind of ['agent', 'shadow'] as const) {
    r.post(
      `/manage/${kind}/change_permissions`,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['members'],
          summary: `Permission grant of a ${kind} (ROLE_PERMISSION_WRITE; only codes the caller holds)`,
          body: permissionGrantRequestSchema,
          response: { 200: done },
        },
      },
      async (req) => ok(await changePermissions(ctx(req), req.body, kind)),
    );
  }
  r.post(
    '/manage/agent/move',
    {
      ...auth,
      schema: {
        ...secured,
        tags: ['members'],
        summary: 'Move an agent or player (with its subtree) up its chain; needs MOVE_USER',
        body: moveRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await move(ctx(req), req.body)),
  );

  // ---- lookups -----------------------------------------------------------------------------
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

  // ---- verification ------------------------------------------------------------------------
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

  // ---- public (no session) -----------------------------------------------------------------
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
