import { describe, expect, it } from 'vitest';
import { ERRORS } from '@agent-bo/shared';
import { operationIdOf } from '../../src/plugins/api-description.js';
import { useTestApp } from '../helpers.js';

/**
 * The description client generators read (docs/DECISIONS.md, "The API description"). CI also
 * lints it with Redocly and generates a client from it (scripts/api-client/check.mjs); this file
 * keeps the properties those tools need in the ordinary suite.
 */
const ctx = useTestApp();

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
  parameters?: { in: string }[];
  requestBody?: unknown;
};
type Description = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, { description: string }> };
};

const describeApi = () => ctx.app.swagger() as unknown as Description;
const operations = () =>
  Object.entries(describeApi().paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

/** Every `$ref` in the document, with where it stands. */
function refsOf(node: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refsOf(item, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [{ at, ref: value }] : refsOf(value, `${at}/${key}`),
  );
}

function resolve(doc: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
}

describe('the API description', () => {
  it('names every operation with a unique operationId derived from its method and path', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map(({ op }) => op.operationId);
    for (const { path, method, op } of all) expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('POST', '/api/manage/member/list')).toBe('postManageMemberList');
    expect(operationIdOf('GET', '/api/files/:id')).toBe('getFilesById');
    expect(operationIdOf('GET', '/api/getMenuList')).toBe('getMenuList');
    expect(operationIdOf('POST', '/api/manage/player/submit_verify')).toBe('postManagePlayerSubmitVerify');
  });

  it('declares security on every operation, with schemes that exist', () => {
    const doc = describeApi();
    for (const { path, method, op } of operations()) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, `${method} ${path}`).toHaveProperty(scheme);
      }
    }
    const security = (path: string, method = 'post') => doc.paths[path]?.[method]?.security;
    expect(security('/api/manage/member/list') ?? security('/api/manage/agent/lower_agents')).toEqual([{ bearer: [] }]);
    expect(security('/api/manage/signin')).toEqual([]);
    expect(security('/api/client/content', 'get')).toEqual([]);
    expect(security('/api/provider/v1/bets/place')).toEqual([{ providerCode: [], providerTimestamp: [], providerSignature: [] }]);
    expect(security('/api/client/player/points', 'get') ?? security('/api/client/player/signout')).toEqual([{ playerToken: [] }]);
  });

  it('lists the error responses with the envelope: 4xx on every operation that takes input or a session, a default on all', () => {
    const doc = describeApi();
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      expect(statuses, `${method} ${path}`).toContain('default');
      const takesInput = Boolean(op.requestBody) || (op.parameters ?? []).length > 0;
      const needsSession =
        (op.security ?? []).some((s) => Object.keys(s).length > 0) && !(op.security ?? []).some((s) => Object.keys(s).length === 0);
      if (takesInput) expect(statuses, `${method} ${path}`).toContain('400');
      if (needsSession) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403', '404']));
      if (!['/healthz', '/readyz'].includes(path))
        expect(
          statuses.some((s) => s.startsWith('4')),
          `${method} ${path}`,
        ).toBe(true);
    }
    // Each status's description names the catalogue's codes at that status.
    expect(doc.components.responses.BadRequest?.description).toContain(`VALIDATION_FAILED (${ERRORS.VALIDATION_FAILED.code})`);
    expect(doc.components.responses.Unauthorized?.description).toContain('UNAUTHORIZED');
    expect(doc.components.responses.Failure?.description).toContain('CONFLICT (409, HTTP 409)');
  });

  it('resolves every $ref, the recursive menu included, and names a server', () => {
    const doc = describeApi();
    const refs = refsOf(doc);
    expect(refs.map((r) => r.ref)).toContain('#/components/schemas/MenuItem');
    for (const { at, ref } of refs) expect(resolve(doc, ref), `${at} → ${ref}`).toBeDefined();
    const menu = resolve(doc, '#/components/schemas/MenuItem') as { properties: { children: { items: { $ref: string } } } };
    expect(menu.properties.children.items.$ref).toBe('#/components/schemas/MenuItem');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('names the four locales of a localized text instead of an open map', () => {
    const doc = describeApi();
    const refs = JSON.stringify(doc);
    // An exhaustive record used to come out as `required` keys with no `properties`.
    expect(refs).not.toMatch(/"additionalProperties":\{"type":"string"\},"required":\["zh_TW"/);
  });
});
