import type { ClientErrorEntry } from '@agent-bo/shared';
import { call, type CallOptions, type TestContext } from '../helpers.js';

/** One well-formed entry, with `patch` applied. */
export function entry(patch: Partial<ClientErrorEntry> = {}): ClientErrorEntry {
  return {
    type: 'script',
    name: 'TypeError',
    file: 'http://localhost:3000/assets/index.js',
    message: 'x is not a function',
    stack: 'TypeError: x is not a function\n    at http://localhost:3000/assets/index.js:1:10',
    detail: 'line 1, column 10',
    url: 'http://localhost:3000/member/index',
    time: '2026-11-21 15:00:00',
    ...patch,
  };
}

export function report(ctx: TestContext, payload: unknown, o: CallOptions = {}) {
  return call(ctx.app, 'POST', '/api/manage/error_log/report', payload, { site: 'tw_web', lang: 'en', ...o });
}

export function list(ctx: TestContext, token: string | undefined, payload: unknown, o: CallOptions = {}) {
  return call(ctx.app, 'POST', '/api/manage/error_log/list', payload, { site: 'tw_web', lang: 'en', token, ...o });
}

export async function rowCount(ctx: TestContext, site?: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    site ? 'select count(*)::int as n from client_errors where site_id = $1' : 'select count(*)::int as n from client_errors',
    site ? [site] : [],
  );
  return rows[0]!.n;
}
