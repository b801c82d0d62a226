import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import { badTextPaths, hasBadText } from '../../src/plugins/text.js';
import { body, call, signinAs, useTestApp, type TestContext } from '../helpers.js';

/**
 * A NUL character or a lone UTF-16 surrogate in any string the API takes (path parameters,
 * query filters, JSON bodies, the signed provider API's bodies) is answered 400 INVALID_TEXT
 * (1007) and changes nothing — never a 500 from PostgreSQL. Every route of the OpenAPI
 * description is walked, every string field of it in turn.
 */
const ctx = useTestApp();

const NUL = 'ab\u0000cd';
const LONE = 'ab\ud800cd';
const INVALID_TEXT = 1007;

interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

type Path = (string | number)[];

/** A sample value with every property present; `strings` collects where its strings are. */
function sample(schema: JsonSchema | undefined, at: Path, strings: Path[], depth = 0): unknown {
  if (!schema || depth > 8) return null;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) {
    const first = alt.find((s) => s.type !== 'null') ?? alt[0];
    return sample(first, at, strings, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum && schema.enum.length > 0) {
    if (typeof schema.enum[0] === 'string') strings.push(at);
    return schema.enum[0];
  }
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = sample(child, [...at, key], strings, depth + 1);
    // A record (per-locale texts): one entry, its key and its value both strings.
    if (!schema.properties && typeof schema.additionalProperties === 'object') {
      out.en = sample(schema.additionalProperties, [...at, 'en'], strings, depth + 1);
    }
    return out;
  }
  if (type === 'array') return [sample(schema.items, [...at, 0], strings, depth + 1)];
  if (type === 'string') {
    strings.push(at);
    return goodString(schema);
  }
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (schema.allOf) return sample(schema.allOf[0], at, strings, depth + 1);
  return null;
}

/** Values that pass the usual string rules, so that a sample reaches the handler when its text is clean. */
const CANDIDATES = [
  'agentA01',
  'abcdefgh1',
  'EVO',
  'ACTIVE',
  '2025-01-02',
  '2025-01-02 12:00:00',
  '1.00',
  'a'.repeat(64),
  'text-probe-0001',
];

function goodString(schema: JsonSchema): string {
  const fits = (v: string) =>
    (!schema.pattern || new RegExp(schema.pattern).test(v)) &&
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'date-time') return '2025-01-02T12:00:00Z';
  return CANDIDATES.find(fits) ?? 'abcdefgh1';
}

function setAt(value: unknown, path: Path, replacement: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = replacement;
  return copy;
}

interface Probe {
  route: string;
  field: string;
  method: string;
  url: string;
  payload?: unknown;
}

/** Every (route, string field) of the OpenAPI description, with a NUL and a lone surrogate in turn. */
function probes(ctx: TestContext): Probe[] {
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const out: Probe[] = [];
  for (const [pattern, operations] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${pattern}`;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const urlWith = (bad?: { name: string; in: string; value: string }) => {
        let url = pattern;
        for (const p of pathParams) {
          const value = bad?.in === 'path' && bad.name === p.name ? bad.value : p.schema?.type === 'string' ? 'abcdef' : '1';
          url = url.replace(`{${p.name}}`, encodeURIComponent(value));
        }
        const query = new URLSearchParams();
        for (const p of queryParams) {
          if (bad?.in === 'query' && bad.name === p.name) query.set(p.name, bad.value);
          else query.set(p.name, p.schema?.type === 'string' ? 'abcdef' : '1');
        }
        const q = query.toString();
        return q ? `${url}?${q}` : url;
      };
      const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
      const strings: Path[] = [];
      const base = jsonSchema ? sample(jsonSchema, [], strings) : undefined;

      // Path parameters and query filters travel as URL text: a NUL arrives as %00.
      for (const p of [...pathParams, ...queryParams]) {
        if (p.schema?.type !== 'string') continue;
        out.push({ route, field: `${p.in}:${p.name}`, method, url: urlWith({ in: p.in, name: p.name, value: NUL }), payload: base });
      }
      for (const at of strings) {
        for (const bad of [NUL, LONE]) {
          out.push({ route, field: at.join('.'), method, url: urlWith(), payload: setAt(base, at, bad) });
        }
      }
      // A record's key is a string too.
      const recordAt = strings.find((s) => s[s.length - 1] === 'en');
      if (recordAt) {
        const parent = recordAt.slice(0, -1);
        const withKey = structuredClone(base) as Record<string, unknown>;
        let node = withKey as Record<string | number, unknown>;
        for (const key of parent) node = node[key] as Record<string | number, unknown>;
        node['e\u0000n'] = 'x';
        out.push({ route, field: `${parent.join('.')}.<key>`, method, url: urlWith(), payload: withKey });
      }
    }
  }
  return out;
}

async function fingerprint(): Promise<string> {
  const { rows: tables } = await ctx.database.pool.query<{ t: string }>(
    `select quote_ident(table_name) as t from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
  );
  const parts: string[] = [];
  for (const { t } of tables) {
    const { rows } = await ctx.database.pool.query<{ n: string }>(`select count(*) as n from ${t}`);
    parts.push(`${t}=${rows[0]!.n}`);
  }
  const { rows } = await ctx.database.pool.query<{ f: string }>(`select md5(string_agg(a::text, ',' order by id)) as f from accounts a`);
  return `${parts.join(',')}|${rows[0]!.f}`;
}

describe('the text rule', () => {
  it('finds NULs and lone surrogates anywhere, keys included, and lets real text through', () => {
    expect(hasBadText('ok 你好 😀 ไทย Tiếng Việt')).toBe(false);
    expect(hasBadText(NUL)).toBe(true);
    expect(hasBadText(LONE)).toBe(true);
    expect(hasBadText('\udc00x')).toBe(true);
    expect(hasBadText('a\ud83d')).toBe(true);
    expect(badTextPaths({ a: [{ b: 'x', c: NUL }], [`k${'\u0000'}`]: 1, d: { e: LONE } }).sort()).toEqual(['a.0.c', 'd.e', 'k\u0000']);
    // no nesting depth overflows the walk
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(badTextPaths(deep)).toHaveLength(1);
  });
});

describe('every route refuses a NUL or a lone surrogate in every string with 400 INVALID_TEXT', () => {
  let token: string;
  beforeAll(async () => {
    token = await signinAs(ctx.app, 'admin001');
  });

  it('walks the OpenAPI description: no 500, each bad string 1007, nothing written', async () => {
    const all = probes(ctx);
    const routes = new Set(all.map((p) => p.route));
    // The API takes text on this many operations (43 of them answered 500 before the rule); a
    // walk that found far fewer would prove little.
    expect(routes.size).toBeGreaterThanOrEqual(50);
    expect(routes).toContain('POST /api/provider/v1/bets/place');
    expect(routes).toContain('POST /api/manage/change_account_info');
    expect(routes).toContain('GET /api/manage/log/operation/export');

    const before = await fingerprint();
    const wrong: string[] = [];
    for (const probe of all) {
      const res = await call(ctx.app, probe.method.toUpperCase() as 'GET', probe.url, probe.payload, {
        token,
        site: 'tw_web',
        lang: 'en',
        headers: { 'idempotency-key': 'text-rule-probe-0001' },
      });
      const b = String(res.headers['content-type'] ?? '').includes('json') ? body(res) : undefined;
      if (res.statusCode !== 400 || b?.code !== INVALID_TEXT) {
        wrong.push(`${probe.route} ${probe.field}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('answers with the translated message and the offending fields', async () => {
    const res = await call(ctx.app, 'POST', '/api/manage/change_account_info', { nickName: LONE }, { token, site: 'tw_web', lang: 'th' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({
      code: INVALID_TEXT,
      success: false,
      message: errorMessage('INVALID_TEXT', 'th'),
      data: [{ path: 'nickName', message: 'text.invalid' }],
    });
    const filter = await call(
      ctx.app,
      'POST',
      '/api/manage/log/operation',
      { page: 1, pageSize: 10, target: NUL },
      { token, site: 'tw_web' },
    );
    expect(body(filter)).toMatchObject({ code: INVALID_TEXT, data: [{ path: 'target' }] });
  });

  it('refuses before the signature check on the provider API, without a session', async () => {
    const res = await call(ctx.app, 'POST', '/api/provider/v1/wallet/transfer_out', {
      siteId: 'tw_web',
      items: [{ transactionId: 't1', playerAccountNo: 'player\u0000001', amount: '1.00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: INVALID_TEXT, data: [{ path: 'items.0.playerAccountNo' }] });
  });

  it('lets well-formed text through: the same nickname change with a real emoji succeeds', async () => {
    const res = await call(ctx.app, 'POST', '/api/manage/change_account_info', { nickName: 'Admin 😀' }, { token, site: 'tw_web' });
    expect(body(res).success).toBe(true);
  });
});
