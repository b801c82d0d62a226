import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentChangeInfoRequestSchema,
  changeStatusRequestSchema,
  copyInfoSchema,
  envelopeSchema,
  historyPageSchema,
  historyRequestSchema,
  idRequestSchema,
  moveRequestSchema,
  ownChangeInfoRequestSchema,
  permissionGrantRequestSchema,
  playerChangeInfoRequestSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { callerOf } from '../../../plugins/auth.js';
import { history } from '../history.js';
import { changeMemberInfo, changeOwnInfo } from '../change-info.js';
import { copyInfo, resetPassword } from '../credentials.js';
import { changePermissions } from '../grants.js';
import { resetSecondFactor } from '../second-factor.js';
import { move } from '../move.js';
import { changeStatus } from '../status.js';
import { done, memberContext, secured } from './context.js';

/** Changing a member: info, status, permissions, upper agent; its history, copy info and password reset. */
export async function memberEditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const ctx = (request: FastifyRequest) => memberContext(app, request);
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
      // How a session with a temporary password changes it (sessions.step).
      config: { duringStep: true },
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
      `/manage/${kind}/reset_second_factor`,
      {
        ...auth,
        schema: {
          ...secured,
          tags: ['members'],
          summary: `Remove a ${kind}'s second factor and recovery codes (it enrols again); never shows them`,
          body: idRequestSchema,
          response: { 200: done },
        },
      },
      async (req) => ok(await resetSecondFactor(ctx(req), req.body.id, kind)),
    );
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
}
