import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidationIssue } from '@agent-bo/shared';
import { AppError } from '../lib/app-error.js';

/**
 * A NUL character, or a UTF-16 surrogate without its partner. PostgreSQL refuses both (text
 * cannot hold U+0000; jsonb refuses `\u0000` and an unpaired `\ud800`), and no person types
 * them, so they are refused at the door instead of failing as a 500 deep in a transaction.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A NUL or any surrogate: almost no string has one, so the exact test runs for almost none. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const SUSPECT = /[\u0000\ud800-\udfff]/;

export function hasBadText(value: string): boolean {
  return SUSPECT.test(value) && (value.includes('\u0000') || LONE_SURROGATE.test(value));
}

/**
 * Every string of `value` (object keys too) with a NUL or a lone surrogate, as dotted paths like
 * the validation errors' (`items.0.playerAccountNo`). Walked with an explicit stack, so no JSON
 * nesting depth can overflow the call stack.
 */
export function badTextPaths(value: unknown, prefix = ''): string[] {
  // Paths are built only for a value that has bad text: building one per value of every body
  // (12,000 strings for a provider's batch of 1,000 bets) cost more than the test itself. So a
  // first walk without paths stops at the first bad string; only then is the body walked again
  // with them.
  return walk(value, prefix, false).length === 0 ? [] : walk(value, prefix, true);
}

/** The walk of `badTextPaths`: every bad string's path when `withPaths`, else at most one, pathless. */
function walk(value: unknown, prefix: string, withPaths: boolean): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: prefix }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      if (hasBadText(v)) found.push(item.path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: withPaths ? join(item.path, String(i)) : '' });
    } else if (isPlainObject(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        const path = withPaths ? join(item.path, key) : '';
        if (hasBadText(key)) found.push(path);
        stack.push({ value: v[key], path });
      }
    }
    if (!withPaths && found.length > 0) return found;
  }
  return found;
}

/**
 * Parsed JSON bodies, query strings and path parameters are plain objects (the query's and the
 * parameters' on an empty null-prototype object); anything else (a Buffer, a stream) is not text
 * to walk.
 */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

function join(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

function issuesOf(request: FastifyRequest): ValidationIssue[] {
  // Path parameters and the query string are named like body fields: the route's own names.
  const paths = [...badTextPaths(request.params), ...badTextPaths(request.query), ...badTextPaths(request.body)];
  return paths.map((path) => ({ path, message: 'text.invalid' }));
}

/**
 * One rule for every route: a string anywhere in the path parameters, the query or the parsed
 * body that holds a NUL or a lone surrogate is answered INVALID_TEXT (400) before validation,
 * authentication or any handler runs, so nothing is read or written with it. Registered on the
 * root before the routes, its preValidation hook runs before every route's own (the provider
 * API's signature check included, which looks up the site the body names).
 */
export const textPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const issues = issuesOf(request);
    if (issues.length > 0) throw new AppError('INVALID_TEXT', {}, issues);
  });
});
