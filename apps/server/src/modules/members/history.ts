import { sql } from 'drizzle-orm';
import { siteTimeZone, type HistoryRow, type historyRequestSchema } from '@agent-bo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { readNamed } from '../../db/named.js';
import { formatDateTime } from '../../lib/dates.js';
import { reach, type TargetKind } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { logAccountNosSql, logRecordNames } from '../../core/oplog.js';
import { asDate, type Page } from './list-rows.js';

/**
 * A member's history: the operation-log rows about one account, paged. Apart from the member
 * lists, whose statements it shares nothing with; it answers a page as they do (list-rows.ts).
 */

/** Operation-log rows whose target is the account, newest first. */
export async function history(
  db: Db,
  caller: Caller,
  kind: TargetKind,
  input: z.output<typeof historyRequestSchema>,
): Promise<Page<HistoryRow>> {
  const target = await reach(db, caller, input.id, kind);
  const tz = siteTimeZone(caller.siteId);
  const counted = await readNamed<{ n: number }>(
    db,
    'member_history_count',
    sql`select count(*)::int as n from operation_logs where site_id = ${caller.siteId} and target_id = ${target.id}`,
  );
  // The page is planned for its values, not named: its generic plan prices the unknown offset as
  // skipping a tenth of the rows, the whole input for an account with few log rows, and on
  // PostgreSQL 15 it then never beat the custom plans (a named statement planned on every call).
  const result = await db.execute<{
    id: string | number;
    action: string;
    operator: string | null;
    before: unknown;
    after: unknown;
    accounts: Record<string, string>;
    ip: string | null;
    created_at: Date | string;
  }>(
    sql`
    select l.id, l.action, o.account_no as operator, l.before, l.after, ${logAccountNosSql('l', caller.siteId)} as accounts, l.ip, l.created_at
    from operation_logs l left join accounts o on o.id = l.operator_id
    where l.site_id = ${caller.siteId} and l.target_id = ${target.id}
    order by l.created_at desc, l.id desc
    limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const names = await logRecordNames(db, caller.siteId, result.rows);
  return {
    page: input.page,
    pageSize: input.pageSize,
    total: counted.rows[0]?.n ?? 0,
    list: result.rows.map((r, i) => ({
      id: Number(r.id),
      action: r.action,
      operatorAccountNo: r.operator,
      before: r.before,
      after: r.after,
      accounts: r.accounts,
      names: names[i],
      ip: r.ip,
      createdAt: formatDateTime(asDate(r.created_at), tz),
    })),
  };
}
