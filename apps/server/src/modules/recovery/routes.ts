import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedResponseSchema,
  envelopeSchema,
  forgotPasswordRequestSchema,
  resetByCodeRequestSchema,
  resetRequestDismissSchema,
  resetRequestListSchema,
} from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { localeOf, ok } from '../../plugins/envelope.js';
import { codeContextOf } from '../../plugins/outbound.js';
import { resolveSite } from '../../plugins/site.js';
import { requestReset, resetWithCode } from './forgot.js';
import { dismissResetRequest, listResetRequests } from './requests.js';

/** Forgot password (issue 33): asking, resetting with a code, and the upper agents' list of requests. */
export async function recoveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = () => ({ throttle: app.config.throttle, sleep: app.config.sleep });

  r.post(
    '/manage/password/forgot',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary:
          "Ask for a password reset: from the upper agent, or a code to the account's proved phone or e-mail; the same answer for any account number",
        body: forgotPasswordRequestSchema,
        response: { 200: envelopeSchema(acceptedResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const input = { ...request.body, siteId, ip: request.ip, userAgent: request.headers['user-agent'], locale: localeOf(request) };
      return ok(await requestReset(codeContextOf(app), input, options()));
    },
  );

  r.post(
    '/manage/password/reset_by_code',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Set a new password with a reset code; every session of the account ends',
        body: resetByCodeRequestSchema,
        response: { 200: envelopeSchema(acceptedResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      return ok(await resetWithCode(codeContextOf(app), { ...request.body, siteId, ip: request.ip }, options()));
    },
  );

  r.post(
    '/manage/member/reset_requests',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['members'],
        security: [{ bearer: [] }],
        summary: 'Open "forgot password" requests of accounts inside the caller’s subtree (empty for a caller who may not write)',
        response: { 200: envelopeSchema(resetRequestListSchema) },
      },
    },
    async (request) => ok(await listResetRequests(app.db, callerOf(request))),
  );

  r.post(
    '/manage/member/reset_requests/dismiss',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['members'],
        security: [{ bearer: [] }],
        summary: 'Turn a "forgot password" request down (the reset itself is reset_password)',
        body: resetRequestDismissSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ok(await dismissResetRequest(app.db, callerOf(request), request.body.id, request.ip, app.config.now())),
  );
}
