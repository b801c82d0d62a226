import { SUCCESS_CODE, errorMessage, normalizeLocale, type Envelope, type ErrorName, type ErrorParams, ERRORS } from '@agent-bo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A success envelope. An empty message lets the client show its own "operation success". */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, message: '', success: true, data };
}

export function localeOf(request: FastifyRequest) {
  const header = request.headers['accept-language'];
  return normalizeLocale(Array.isArray(header) ? header[0] : header);
}

/** Sends the failure envelope for `name` with the catalogue's status and translated message. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  name: ErrorName,
  params: ErrorParams = {},
  data: unknown = null,
): FastifyReply {
  const entry = ERRORS[name];
  // A 429 that knows its wait (a sign-in lock, a spent request budget) says so in `Retry-After` too.
  if (entry.status === 429 && params.n !== undefined) void reply.header('retry-after', String(params.n));
  const body: Envelope<unknown> = {
    code: entry.code,
    message: errorMessage(name, localeOf(request), params),
    success: false,
    data,
  };
  return reply.status(entry.status).type('application/json; charset=utf-8').send(body);
}
