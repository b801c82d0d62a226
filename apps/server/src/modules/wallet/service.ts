import { sql } from 'drizzle-orm';
import { formatMinorUnits, type ProviderPositions } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { CreditContext } from '../ledger/index.js';
import { pendingPullBacksSql, positionSql } from '../provider-api/index.js';

export { transferBack } from './pullback.js';

/**
 * The player's outstanding position at each provider: every provider the player has moved credit
 * with, and those enabled for it (at 0.00), for the pull-back dialog.
 */
export async function providerPositions(db: Db, ctx: Pick<CreditContext, 'caller'>, id: number): Promise<ProviderPositions> {
  const { caller } = ctx;
  const found = await db.execute<{ id: number; account_no: string; balance: string; providers: string[] }>(sql`
    select id, account_no, balance::text as balance, providers from accounts
     where id = ${id} and site_id = ${caller.siteId} and kind = 'PLAYER' and path @> array[${caller.scopeRootId}::int]`);
  const player = found.rows[0];
  if (!player) throw new AppError('ACCOUNT_NOT_FOUND');
  const rows = await db.execute<{ code: string; name: string; status: string; position: string; pending: string }>(sql`
    with moved as (
      select distinct e.provider from ledger_entries e
       where e.account_id = ${id} and e.provider is not null and e.kind in ('TRANSFER_OUT', 'TRANSFER_IN', 'REFUND'))
    select p.code, p.name, coalesce(pm.status, 'DISABLE') as status,
           ${positionSql(id, sql`p.code`)}::text as position, ${pendingPullBacksSql(id, sql`p.code`)}::text as pending
      from providers p left join moved m on m.provider = p.code
      left join provider_merchants pm on pm.site_id = ${caller.siteId} and pm.provider_code = p.code
     where m.provider is not null or p.code = any(${sql.param(player.providers)}::text[])
     order by 4 desc, p.code`);
  return {
    id: player.id,
    accountNo: player.account_no,
    balance: formatMinorUnits(player.balance),
    positions: rows.rows.map((r) => ({
      providerCode: r.code,
      providerName: r.name,
      status: r.status,
      position: formatMinorUnits(r.position),
      pending: formatMinorUnits(r.pending),
    })),
  };
}
