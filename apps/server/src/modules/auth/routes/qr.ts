import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QR_WAIT_SECONDS,
  envelopeSchema,
  qrDecideRequestSchema,
  qrRequestSchema,
  qrShowRequestSchema,
  qrStartResponseSchema,
  qrWaitRequestSchema,
  qrWaitResponseSchema,
} from '@agent-bo/shared';
import { QrWaiters } from '../../../core/qr-waiters.js';
import { callerOf } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { resolveSite } from '../../../plugins/site.js';
import { decideQr, showQr, startQr, waitQr, type QrContext } from '../qr-signin.js';

/** QR sign-in: the login page's start and long poll (public), the approving device's show and decide. */
export async function qrSigninRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const waiters = new QrWaiters(app.db, { connection: app.pool.options, log: app.log });
  app.addHook('onClose', async () => waiters.stop());
  const ctx: QrContext = { db: app.db, waiters, now: () => app.config.now() };

  r.post(
    '/manage/signin/qr/start',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'A new QR sign-in: the token for the picture and the asking page’s own wait token (expires in two minutes)',
        // No fields: the web client's empty object, or no body at all.
        body: z.strictObject({}).nullish(),
        response: { 200: envelopeSchema(qrStartResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await startQr(
          app.db,
          { siteId: resolveSite(request, app.config.siteHosts), ip: request.ip, userAgent: request.headers['user-agent'] },
          app.config.now(),
        ),
      ),
  );
  r.post(
    '/manage/signin/qr/wait',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary:
          'Long poll of the asking page: answers when the request is approved (with the session), denied, or after 25 s still pending',
        body: qrWaitRequestSchema,
        response: { 200: envelopeSchema(qrWaitResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await waitQr(
          ctx,
          { siteId: resolveSite(request, app.config.siteHosts), waitToken: request.body.waitToken },
          { sessionTtlMinutes: app.config.sessionTtlMinutes, waitMs: (app.config.qrWaitSeconds ?? QR_WAIT_SECONDS) * 1000 },
        ),
      ),
  );
  r.post(
    '/manage/qr/show',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'The QR sign-in request a scanned code names: the asking browser and address, and how to confirm an approval',
        body: qrShowRequestSchema,
        response: { 200: envelopeSchema(qrRequestSchema) },
      },
    },
    async (request) => ok(await showQr(app.db, callerOf(request), request.body.token, app.config.now())),
  );
  r.post(
    '/manage/qr/decide',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Approve (with the password or a second-factor code) or deny a QR sign-in for the caller’s own account',
        body: qrDecideRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      ok(
        await decideQr(
          { ...ctx, handoffKey: app.config.handoffKey, throttle: app.config.throttle },
          callerOf(request),
          request.ip,
          request.body,
        ),
      ),
  );
}
