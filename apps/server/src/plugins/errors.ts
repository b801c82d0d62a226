import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorNameForCode, type ErrorName, type ValidationIssue } from '@agent-bo/shared';
import { isAppError } from '../lib/app-error.js';
import { isConnectionError } from '../db/errors.js';
import { sendError } from './envelope.js';

/** Seconds a client is asked to wait (`Retry-After`) before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function validationIssues(error: FastifyError): ValidationIssue[] {
  const items = error.validation ?? [];
  return items.map((item) => {
    const base = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const keys = (item.params as { keys?: unknown }).keys;
    // Unknown keys (strict objects) name the keys themselves.
    const path = Array.isArray(keys) && keys.length > 0 ? keys.map((k) => (base ? `${base}.${String(k)}` : String(k))).join(',') : base;
    return { path, message: item.message ?? 'invalid' };
  });
}

/**
 * One error path: every failure, thrown or routed, leaves as the envelope
 * `{code, message, success: false, data}` with the catalogue's status and a translated message.
 * 5xx hide internals and are logged with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.errorName === 'SERVICE_UNAVAILABLE') void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(request, reply, error.errorName, error.params, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 'VALIDATION_FAILED', {}, validationIssues(error));
    }
    if (error.validation) return sendError(request, reply, 'VALIDATION_FAILED', {}, validationIssues(error));
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped);
    // The database is unreachable or the connection died (terminated backend, restart, connect
    // timeout): nothing is wrong with the request, so a 503 the client may retry, never a 500.
    if ((error.statusCode ?? 500) >= 500 && isConnectionError(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'request failed: database unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(request, reply, 'SERVICE_UNAVAILABLE');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const name = errorNameForCode(status);
      return sendError(request, reply, name && name !== 'INTERNAL' ? name : 'BAD_REQUEST');
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendError(request, reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
  });
});

/**
 * Unknown routes: 405 when the path exists under another method, else 404 — or, when `spa`
 * returns true for the request, whatever it sent (the web app's index.html).
 */
export function installNotFound(app: FastifyInstance, spa?: (request: FastifyRequest, reply: FastifyReply) => boolean) {
  app.setNotFoundHandler((request, reply) => {
    if (spa?.(request, reply)) return reply;
    const url = request.url.split('?')[0] ?? request.url;
    const other = METHODS.some((method) => method !== request.method && app.hasRoute({ method, url }));
    return sendError(request, reply, other ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND');
  });
}
