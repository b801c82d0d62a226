import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  sessionEndAllRequestSchema,
  sessionEndRequestSchema,
  sessionListRequestSchema,
  sessionListSchema,
  sessionsEndedSchema,
  signInHistoryPageSchema,
  signInHistoryRequestSchema,
} from '@agent-bo/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { endOtherSessions, endSession, listSessions, signInHistory, type SessionsContext } from './service.js';

/** Open sessions and the sign-in history: the caller's own (user menu) and its subtree's (member screen). */
export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): SessionsContext => ({
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    now: app.config.now,
  });
  const secured = { tags: ['account'], security: [{ bearer: [] }] };

  r.post(
    '/manage/sessions/list',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Open sessions of the caller, or of an account inside the caller's subtree; the request's own is marked current",
        body: sessionListRequestSchema,
        response: { 200: envelopeSchema(sessionListSchema) },
      },
    },
    async (request) => ok(await listSessions(ctx(request), request.body.accountId)),
  );
  r.post(
    '/manage/sessions/end',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'End one session: the caller’s own, or one of an account the caller may write to (logged)',
        body: sessionEndRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ok(await endSession(ctx(request), request.body.id)),
  );
  r.post(
    '/manage/sessions/end_others',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'End every session of the caller but this one, or every session of an account the caller may write to (logged)',
        body: sessionEndAllRequestSchema,
        response: { 200: envelopeSchema(sessionsEndedSchema) },
      },
    },
    async (request) => ok(await endOtherSessions(ctx(request), request.body.accountId)),
  );
  r.post(
    '/manage/sessions/history',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Sign-in attempts of the caller, or of an account inside the caller's subtree, newest first",
        body: signInHistoryRequestSchema,
        response: { 200: envelopeSchema(signInHistoryPageSchema) },
      },
    },
    async (request) => ok(await signInHistory(ctx(request), request.body.accountId, request.body.page, request.body.pageSize)),
  );
}
