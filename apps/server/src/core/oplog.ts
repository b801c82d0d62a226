import { sql, type SQL } from 'drizzle-orm';
import {
  LOG_ACCOUNT_ID_KEYS,
  logRefIds,
  logRefKey,
  type LocalizedText,
  type LogActionCode,
  type LogRecordNames,
  type LogRefKind,
  type LogTarget,
} from '@agent-bo/shared';
import { operationLogs } from '../db/schema/index.js';
import type { Caller } from './caller.js';
import type { Q } from './tx.js';

/** Who did it: a signed-in caller, or (no session: registration, the system) a site and an optional operator. */
export type LogActor = { caller: Caller; ip: string } | { siteId: string; operatorId: number | null; ip: string };

const targetColumns = (target: number | LogTarget) =>
  typeof target === 'number' ? { targetId: target, targetRecord: null } : { targetId: null, targetRecord: target };

/**
 * Appends one operation-log row (the log page's operation and ratio tabs read them). Run it in the
 * transaction of the change it records, so a change and its log row commit together. `target` is
 * the account the row is about, or the record (goods, a category, a role…) when it is not an
 * account: such a row has no target account and is seen where its operator is (logs module).
 */
export async function writeLog(
  q: Q,
  actor: LogActor,
  target: number | LogTarget,
  action: LogActionCode,
  before: unknown,
  after: unknown,
): Promise<void> {
  const siteId = 'caller' in actor ? actor.caller.siteId : actor.siteId;
  const operatorId = 'caller' in actor ? actor.caller.account.id : actor.operatorId;
  await q
    .insert(operationLogs)
    .values({ siteId, operatorId, ...targetColumns(target), action, before: before ?? null, after: after ?? null, ip: actor.ip });
}

/** A log target naming a record: its kind, id and name per locale (all four, as stored). */
export function logTarget(kind: LogTarget['kind'], id: number | string | null, name: LocalizedText | null = null): LogTarget {
  return { kind, id, name: name && { zh_TW: name.zh_TW ?? '', en: name.en ?? '', th: name.th ?? '', vi: name.vi ?? '' } };
}

/** One change recorded on many accounts or records at once (one row each, one statement), as `writeLog` would. */
export async function writeLogs(
  q: Q,
  actor: LogActor,
  action: LogActionCode,
  rows: readonly { target: number | LogTarget; before: unknown; after: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  const siteId = 'caller' in actor ? actor.caller.siteId : actor.siteId;
  const operatorId = 'caller' in actor ? actor.caller.account.id : actor.operatorId;
  await q.insert(operationLogs).values(
    rows.map((r) => ({
      siteId,
      operatorId,
      ...targetColumns(r.target),
      action,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: actor.ip,
    })),
  );
}

/**
 * A select expression: the account numbers (a JSON object, id → account number) of the ids a log
 * row's before/after hold under LOG_ACCOUNT_ID_KEYS, among the accounts of `siteId`, so the lists
 * show `agentA01` where the row stored `parentId: 7`. `alias` is the operation_logs alias. A value
 * that is not a whole number is skipped (CASE keeps the cast from seeing it); the lookups go
 * through the accounts' primary key.
 */
export function logAccountNosSql(alias: string, siteId: string): SQL {
  const l = sql.raw(alias);
  const keys = sql.raw(`array[${LOG_ACCOUNT_ID_KEYS.map((k) => `'${k}'`).join(', ')}]`);
  return sql`(select coalesce(jsonb_object_agg(a.id::text, a.account_no), '{}'::jsonb) from accounts a
    where a.site_id = ${siteId} and a.id = any(array(
      select case when d.doc ->> k ~ '^[0-9]{1,9}$' then (d.doc ->> k)::int end
        from (values (${l}.before), (${l}.after)) d(doc), unnest(${keys}::text[]) k)))`;
}

/** Per kind of record: its table and the expression of its name per locale (alias `r`). */
const RECORD_NAMES: Readonly<Record<Exclude<LogRefKind, 'image'>, { table: string; name: string }>> = {
  storeGoods: { table: 'store_goods', name: 'r.name' },
  storeCategory: { table: 'store_categories', name: 'r.name' },
  // The operator's display name, else the provider's, else (zh_TW) the game's code.
  game: {
    table: 'games',
    name: `jsonb_build_object(
      'zh_TW', coalesce(nullif(r.names ->> 'zh_TW', ''), nullif(r.provider_names ->> 'zh_TW', ''), r.provider_code || '/' || r.code),
      'en', coalesce(nullif(r.names ->> 'en', ''), r.provider_names ->> 'en', ''),
      'th', coalesce(nullif(r.names ->> 'th', ''), r.provider_names ->> 'th', ''),
      'vi', coalesce(nullif(r.names ->> 'vi', ''), r.provider_names ->> 'vi', ''))`,
  },
  gameCategory: { table: 'game_categories', name: 'r.name' },
  lobbyModule: { table: 'lobby_modules', name: 'r.title' },
  role: { table: 'roles', name: 'r.name' },
  content: { table: 'content_items', name: 'r.title' },
};

/**
 * The names of the records (goods, categories, games, modules, roles, content items) whose ids the
 * rows' before/after hold (`logRefIds`), as each row's map `<kind>:<id>` → name per locale: one
 * statement for a page of rows, each kind looked up among the records of `siteId` by primary key.
 * A record since deleted, or another site's, is absent (the page shows its id).
 */
export async function logRecordNames(
  q: Q,
  siteId: string,
  rows: readonly { before: unknown; after: unknown }[],
): Promise<LogRecordNames[]> {
  const perRow = rows.map((r) => logRefIds(r.after, logRefIds(r.before)));
  const all = new Map<LogRefKind, Set<number>>();
  for (const refs of perRow) for (const [kind, ids] of refs) for (const id of ids) all.set(kind, (all.get(kind) ?? new Set()).add(id));
  const parts: SQL[] = [];
  for (const [kind, ids] of all) {
    if (kind === 'image') continue;
    const { table, name } = RECORD_NAMES[kind];
    parts.push(sql`select ${kind}::text as kind, r.id, ${sql.raw(name)} as name from ${sql.identifier(table)} r
      where r.site_id = ${siteId} and r.id = any(${sql.param([...ids])}::integer[])`);
  }
  if (parts.length === 0) return rows.map(() => ({}));
  const res = await q.execute<{ kind: LogRefKind; id: number; name: Partial<LocalizedText> }>(sql.join(parts, sql` union all `));
  const found = new Map(res.rows.map((r) => [logRefKey(r.kind, r.id), r.name]));
  return perRow.map((refs) => {
    const names: LogRecordNames = {};
    for (const [kind, ids] of refs) {
      for (const id of ids) {
        const name = found.get(logRefKey(kind, id));
        if (name) names[logRefKey(kind, id)] = { zh_TW: name.zh_TW ?? '', en: name.en ?? '', th: name.th ?? '', vi: name.vi ?? '' };
      }
    }
    return names;
  });
}
