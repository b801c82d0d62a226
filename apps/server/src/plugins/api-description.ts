import { ERRORS, menuItemSchema, type ErrorName } from '@agent-bo/shared';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What turns the routes' zod schemas into a description that client generators and linters
 * accept (docs/DECISIONS.md, "The API description"): every operation gets a stable
 * `operationId`, its error responses (the same envelope, by status) and the document a server;
 * recursive schemas are named components instead of dangling `$ref`s.
 */

/** Schemas that refer to themselves: emitted once under `components/schemas` by these names. */
const namedSchemas = z.registry<{ id: string }>();
namedSchemas.add(menuItemSchema, { id: 'MenuItem' });

/**
 * `POST /api/manage/member/list` → `postManageMemberList`; `GET /api/files/:id` → `getFilesById`;
 * `GET /api/getMenuList` → `getMenuList`.
 * Derived from what is already stable (the method and the path), so it never changes while the
 * call does not; an operation may still declare its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const verb = method.toLowerCase();
  const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  // `GET /api/getMenuList` → `getMenuList`, not `getGetMenuList`.
  return name.toLowerCase().startsWith(verb) ? name[0]!.toLowerCase() + name.slice(1) : verb + name;
}

/** The error responses an operation lists, by status; each is a shared `components/responses` entry. */
const ERROR_RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
} as const;
type ListedStatus = keyof typeof ERROR_RESPONSES;

const ERROR_TEXT: Record<ListedStatus | 'default', string> = {
  400: 'The input was refused; nothing changed.',
  401: 'No valid session (or player token, or provider signature) for this call.',
  403: 'The caller may not do this (permission code, account state, shadow or restricted account).',
  404: 'Nothing with this id here: another site’s or another subtree’s id is answered exactly like a nonexistent one.',
  429: 'Too many requests from this client or for this account; `Retry-After` says how many seconds to wait.',
  default: 'Any other failure (conflicts, sizes, media types, the server or its database): the same envelope.',
};

/** The catalogue's error names at `status` (or at every status not listed, for `default`), for the description. */
function codesAt(status: ListedStatus | 'default'): string {
  const listed = Object.keys(ERROR_RESPONSES).map(Number);
  return (Object.entries(ERRORS) as [ErrorName, { code: number; status: number }][])
    .filter(([, e]) => (status === 'default' ? !listed.includes(e.status) : e.status === status))
    .map(([name, e]) => `${name} (${e.code}${status === 'default' ? `, HTTP ${e.status}` : ''})`)
    .join(', ');
}

const errorEnvelope = {
  type: 'object',
  description: 'Every failure: `code` is the catalogue number, `message` translated into the caller’s `accept-language`.',
  properties: {
    code: { type: 'integer', description: 'the error catalogue’s number (never 0)' },
    message: { type: 'string' },
    success: { type: 'boolean', enum: [false] },
    // No `type`: any JSON value, null included (OpenAPI 3.0 allows `nullable` only beside a type).
    data: { description: 'null, or what the error names (for example the fields a validation refused)' },
  },
  required: ['code', 'message', 'success', 'data'],
};

function errorResponse(status: ListedStatus | 'default') {
  return {
    description: `${ERROR_TEXT[status]} Codes: ${codesAt(status)}.`,
    ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait' } } } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
}

type Security = Record<string, string[]>[] | undefined;
type RouteLike = { method: string | string[]; url: string; config?: unknown };

/** Which error responses a route can give, from what it declares. */
function errorStatuses(route: RouteLike, schema: FastifySchema & { security?: Security }): ListedStatus[] {
  const statuses: ListedStatus[] = [];
  const params = route.url.includes(':');
  if (schema.body || schema.querystring || params) statuses.push(400);
  // A session is required when every alternative names a scheme (`{}` is "none needed").
  const required = (schema.security ?? []).length > 0 && (schema.security ?? []).every((s) => Object.keys(s).length > 0);
  if (required) statuses.push(401, 403);
  if (required || params) statuses.push(404);
  const own = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  if (route.url.startsWith('/api/') && own !== false) statuses.push(429);
  return statuses;
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });

/** Per route: the zod schemas as JSON Schema, the operationId, and which errors to list (read back below). */
export const describeRoute: SwaggerTransform = (input) => {
  const out = zodTransform(input as Parameters<typeof zodTransform>[0]);
  const route = input.route as RouteLike;
  if (!out.schema || (out.schema as { hide?: boolean }).hide) return out;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const schema = out.schema as FastifySchema & { operationId?: string; security?: Security };
  return {
    ...out,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      'x-errors': errorStatuses(route, schema),
    } as FastifySchema,
  };
};

type Operation = { responses?: Record<string, unknown>; 'x-errors'?: ListedStatus[] };

/** The whole document: named schemas, the error responses, the server. */
export const describeDocument: SwaggerTransformObject = (input) => {
  const doc = zodTransformObject(input as Parameters<typeof zodTransformObject>[0]) as ReturnType<typeof zodTransformObject> & {
    components: Record<string, unknown>;
  };
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const statuses = operation['x-errors'] ?? [];
      delete operation['x-errors'];
      const responses = { ...operation.responses };
      for (const status of statuses) responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
      responses.default ??= { $ref: '#/components/responses/Failure' };
      operation.responses = responses;
    }
  }
  doc.components = {
    ...doc.components,
    schemas: { ...(doc.components.schemas as object), ErrorEnvelope: errorEnvelope },
    responses: {
      ...Object.fromEntries(
        (Object.entries(ERROR_RESPONSES) as unknown as [ListedStatus, string][]).map(([status, name]) => [
          name,
          errorResponse(Number(status) as ListedStatus),
        ]),
      ),
      Failure: errorResponse('default'),
    },
  };
  // Relative: the same server that serves the description serves the calls.
  return { ...doc, servers: [{ url: '/', description: 'the server that serves this description' }] };
};
