import { sql, type SQL } from 'drizzle-orm';
import { LOG_ACCOUNT_ID_KEYS, type LogActionCode } from '@agent-bo/shared';
import { operationLogs } from '../db/schema/index.js';
import type { Caller } from './caller.js';
import type { Q } from './tx.js';

/** Who did it: a signed-in caller, or (no session: registration, the system) a site and an optional operator. */
export type LogActor = { caller: Caller; ip: string } | { siteId: string; operatorId: number | null; ip: string };

/**
 * Appends one operation-log row (the log page's operation and ratio tabs read them). Run it in the
 * transaction of the change it records, so a change and its log row commit together.
 */
export async function writeLog(
  q: Q,
  actor: LogActor,
  targetId: number,
  action: LogActionCode,
  before: unknown,
  after: unknown,
): Promise<void> {
  const siteId = 'caller' in actor ? actor.caller.siteId : actor.siteId;
  const operatorId = 'caller' in actor ? actor.caller.account.id : actor.operatorId;
  await q
    .insert(operationLogs)
    .values({ siteId, operatorId, targetId, action, before: before ?? null, after: after ?? null, ip: actor.ip });
}

/** One change recorded on many accounts at once (one row each, one statement), as `writeLog` would. */
export async function writeLogs(
  q: Q,
  actor: LogActor,
  action: LogActionCode,
  rows: readonly { targetId: number; before: unknown; after: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  const siteId = 'caller' in actor ? actor.caller.siteId : actor.siteId;
  const operatorId = 'caller' in actor ? actor.caller.account.id : actor.operatorId;
  await q.insert(operationLogs).values(
    rows.map((r) => ({
      siteId,
      operatorId,
      targetId: r.targetId,
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
