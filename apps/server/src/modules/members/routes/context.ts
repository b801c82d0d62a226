import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '@agent-bo/shared';
import { callerOf } from '../../../plugins/auth.js';
import type { MemberContext } from '../context.js';

/** The answer of a change that returns nothing. */
export const done = envelopeSchema(z.null());

export const secured = { security: [{ bearer: [] }] };

/** check_account_no: calls per session (or address) and window; the wizard checks as the user types. */
export const CHECK_ACCOUNT_NO_LIMIT = { max: 60, timeWindow: 60_000 };

/** What the member services need of a signed-in request. */
export function memberContext(app: FastifyInstance, request: FastifyRequest): MemberContext {
  return {
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    origin: `${request.protocol}://${request.host}`,
    clientUrl: app.config.clientUrls[callerOf(request).siteId] ?? null,
    handoffKey: app.config.handoffKey,
    now: app.config.now,
  };
}
