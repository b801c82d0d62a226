import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CLIENT_ERROR_REPORT_MAX_BYTES,
  clientErrorListRequestSchema,
  clientErrorPageSchema,
  clientErrorReportResponseSchema,
  clientErrorReportSchema,
  envelopeSchema,
  type SiteId,
} from '@agent-bo/shared';
import { isAppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { bearer, callerOf } from '../../plugins/auth.js';
import { requirePermission } from '../../plugins/access.js';
import { resolveSite } from '../../plugins/site.js';
import { authenticate } from '../../core/session.js';
import { listClientErrors, recordReport } from './service.js';

/**
 * The front-end error log (`/error-log/list`): browsers report the errors their global handlers
 * caught; operators with DEVELOPER list them.
 */
export async function errorLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.config.clientErrors.rateLimit;

  /**
   * The reporting account, when the request carries a live session of this site. Anything else
   * (no token, expired, revoked, disabled) reports anonymously: this route never answers 401,
   * so a browser whose session broke cannot loop between an error and a sign-out.
   */
  async function reporterId(request: FastifyRequest, siteId: SiteId): Promise<number | null> {
    const token = bearer(request);
    if (!token) return null;
    try {
      return (await authenticate(app.db, token, siteId)).account.id;
    } catch (err) {
      if (isAppError(err)) return null;
      throw err;
    }
  }

  r.post(
    '/manage/error_log/report',
    {
      bodyLimit: CLIENT_ERROR_REPORT_MAX_BYTES,
      // Per client IP, on top of nothing else: this route is exempt from the global limit.
      config: { rateLimit: limit ? { max: limit.max, timeWindow: limit.timeWindowMs } : false },
      schema: {
        tags: ['error log'],
        // Signed in or not: the token, when sent, names the reporter.
        security: [{}, { bearer: [] }],
        summary: `Report front-end errors (signed in or not; at most ${CLIENT_ERROR_REPORT_MAX_BYTES} bytes${limit ? `, ${limit.max} reports per minute per client` : ''})`,
        body: clientErrorReportSchema,
        response: { 200: envelopeSchema(clientErrorReportResponseSchema) },
      },
    },
    async (request) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const accepted = await recordReport(
        app.db,
        {
          siteId,
          accountId: await reporterId(request, siteId),
          userAgent: request.headers['user-agent'],
          ip: request.ip,
          entries: request.body.entries,
        },
        app.config.clientErrors,
      );
      return ok({ accepted });
    },
  );

  r.post(
    '/manage/error_log/list',
    {
      preHandler: [app.authenticate, requirePermission('DEVELOPER')],
      schema: {
        tags: ['error log'],
        summary: 'Front-end errors reported on this site, newest first (DEVELOPER)',
        security: [{ bearer: [] }],
        body: clientErrorListRequestSchema,
        response: { 200: envelopeSchema(clientErrorPageSchema) },
      },
    },
    async (request) => ok(await listClientErrors(app.db, callerOf(request).siteId, request.body)),
  );
}
