import { sql } from 'drizzle-orm';
import {
  PROVIDER_OUTBOUND_PATHS,
  epochDay,
  formatMinorUnits,
  providerReportSchema,
  siteTimeZone,
  toMinorUnits,
  zonedDateTimeToInstant,
  type Reconciliation,
  type ReconciliationDifference,
  type ProviderTransferType,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import type { Caller } from '../../core/caller.js';
import { callProvider, merchantOf } from '../provider-api/index.js';

/**
 * The daily reconciliation of one provider on the caller's site (PRODUCT.md §5): the platform's
 * transfers with the provider on one business day (noon to noon in the site's time zone) against
 * the provider's own journal of the same range, asked through a signed call to the site's
 * endpoint at the provider. Matched by (type, transaction id): the provider's id for transfer_out
 * and transfer_in, ours for a pull-back. Whatever is not on both sides with the same player and
 * amount is a difference; a transfer_in we hold (above the player's position) is one too, even when
 * both sides agree on it, because nobody was credited.
 *
 * It shows money of every player of the site, so only the site's admin and the admin's shadows
 * read it (with PROVIDER_MAINTAIN, checked by the route); an agent holding the code gets
 * PERMISSION_DENIED.
 */

interface Side {
  transactionId: string;
  type: ProviderTransferType;
  playerAccountNo: string;
  amount: bigint;
  at: Date;
  held?: boolean;
}

const totals = (rows: Side[]) => {
  const sum = (t: ProviderTransferType) => rows.filter((r) => r.type === t).reduce((s, r) => s + r.amount, 0n);
  return {
    count: rows.length,
    out: formatMinorUnits(sum('TRANSFER_OUT')),
    in: formatMinorUnits(sum('TRANSFER_IN')),
    pullBack: formatMinorUnits(sum('PULL_BACK')),
  };
};

export async function reconcile(db: Db, caller: Caller, input: { code: string; date: string }, now: () => Date): Promise<Reconciliation> {
  const siteId = caller.siteId;
  const house = await db.execute<{ id: number }>(
    sql`select id from accounts where site_id = ${siteId} and parent_id is null and not is_shadow`,
  );
  if (house.rows[0]?.id !== caller.scopeRootId) throw new AppError('PERMISSION_DENIED');
  const known = await db.execute(sql`select 1 from provider_merchants where site_id = ${siteId} and provider_code = ${input.code}`);
  if (!known.rows.length) throw new AppError('NOT_FOUND');

  const tz = siteTimeZone(siteId);
  const day = epochDay(input.date);
  if (day === null) throw new AppError('VALIDATION_FAILED', {}, [{ path: 'date', message: 'date.format' }]);
  const next = new Date((day + 1) * 86_400_000).toISOString().slice(0, 10);
  const from = zonedDateTimeToInstant(`${input.date} 12:00:00`, tz)!;
  const to = zonedDateTimeToInstant(`${next} 12:00:00`, tz)!;
  const code = input.code;
  const prefix = `provider:${code}:`;

  // Ours: the provider's transfers we posted (the player's leg), the ones we hold, the pull-backs completed.
  const posted = await db.execute<{ key: string; kind: string; account_no: string; amount: string; at: Date }>(sql`
    select t.idempotency_key as key, t.kind, a.account_no, abs(e.amount)::text as amount, t.created_at as at
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join accounts a on a.id = e.account_id and a.kind = 'PLAYER'
     where t.site_id = ${siteId} and t.operator_id is null and t.kind in ('TRANSFER_OUT', 'TRANSFER_IN')
       and t.idempotency_key like ${`${prefix}%`} and t.refusal is null
       and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz`);
  const heldToday = await db.execute<{ transaction_id: string; account_no: string; amount: string; at: Date }>(sql`
    select h.transaction_id, a.account_no, h.amount::text as amount, h.created_at as at
      from provider_held_transfers h join accounts a on a.id = h.player_id
     where h.site_id = ${siteId} and h.provider_code = ${code}
       and h.created_at >= ${from.toISOString()}::timestamptz and h.created_at < ${to.toISOString()}::timestamptz`);
  const pulled = await db.execute<{ transaction_id: string; account_no: string; amount: string; at: Date }>(sql`
    select p.transaction_id, a.account_no, p.amount::text as amount, p.updated_at as at
      from provider_pullbacks p join accounts a on a.id = p.player_id
     where p.site_id = ${siteId} and p.provider_code = ${code} and p.status = 'COMPLETED'
       and p.updated_at >= ${from.toISOString()}::timestamptz and p.updated_at < ${to.toISOString()}::timestamptz`);
  const ours: Side[] = [
    ...posted.rows.map((r) => ({
      transactionId: r.key.slice(prefix.length),
      type: r.kind as ProviderTransferType,
      playerAccountNo: r.account_no,
      amount: BigInt(r.amount),
      at: new Date(r.at),
    })),
    ...heldToday.rows.map((r) => ({
      transactionId: r.transaction_id,
      type: 'TRANSFER_IN' as const,
      playerAccountNo: r.account_no,
      amount: BigInt(r.amount),
      at: new Date(r.at),
      held: true,
    })),
    ...pulled.rows.map((r) => ({
      transactionId: r.transaction_id,
      type: 'PULL_BACK' as const,
      playerAccountNo: r.account_no,
      amount: BigInt(r.amount),
      at: new Date(r.at),
    })),
  ];

  // Theirs: the provider's journal of the same range.
  let theirs: Side[] | null = null;
  let providerError: string | null = null;
  const merchant = await merchantOf(db, siteId, code);
  if ('missing' in merchant) providerError = merchant.missing;
  else {
    const answer = await callProvider(
      merchant,
      PROVIDER_OUTBOUND_PATHS.report,
      { siteId, from: from.toISOString(), to: to.toISOString() },
      providerReportSchema,
      {
        now,
      },
    );
    if (!answer.ok) providerError = 'PROVIDER_UNREACHABLE';
    else
      theirs = answer.data.items.map((i) => ({
        transactionId: i.transactionId,
        type: i.type,
        playerAccountNo: i.playerAccountNo,
        amount: toMinorUnits(i.amount),
        at: new Date(i.at),
      }));
  }

  const differences: Reconciliation['differences'] = [];
  const row = (d: ReconciliationDifference, o: Side | undefined, t: Side | undefined) =>
    differences.push({
      transactionId: (o ?? t)!.transactionId,
      type: (o ?? t)!.type,
      difference: d,
      playerAccountNo: (o ?? t)!.playerAccountNo,
      ours: o ? formatMinorUnits(o.amount) : null,
      theirs: t ? formatMinorUnits(t.amount) : null,
      at: formatDateTime((o ?? t)!.at, tz),
    });
  if (theirs) {
    const keyOf = (s: Side) => `${s.type}|${s.transactionId}`;
    const byKey = new Map(theirs.map((t) => [keyOf(t), t]));
    for (const o of ours) {
      const t = byKey.get(keyOf(o));
      byKey.delete(keyOf(o));
      if (!t) row(o.held ? 'HELD' : 'MISSING_AT_PROVIDER', o, undefined);
      else if (o.playerAccountNo.toLowerCase() !== t.playerAccountNo.toLowerCase()) row('PLAYER', o, t);
      else if (o.amount !== t.amount) row('AMOUNT', o, t);
      else if (o.held) row('HELD', o, t);
    }
    for (const t of byKey.values()) row('MISSING_AT_PLATFORM', undefined, t);
  } else for (const o of ours.filter((x) => x.held)) row('HELD', o, undefined);
  differences.sort((a, b) => a.at.localeCompare(b.at) || a.transactionId.localeCompare(b.transactionId));

  const held = await db.execute<{ transaction_id: string; account_no: string; amount: string; position: string; created_at: Date }>(sql`
    select h.transaction_id, a.account_no, h.amount::text as amount, h.position::text as position, h.created_at
      from provider_held_transfers h join accounts a on a.id = h.player_id
     where h.site_id = ${siteId} and h.provider_code = ${code} order by h.id desc limit 500`);
  const pending = await db.execute<{
    transaction_id: string;
    account_no: string;
    amount: string;
    attempts: number;
    last_error: string | null;
    created_at: Date;
  }>(sql`
    select p.transaction_id, a.account_no, p.amount::text as amount, p.attempts, p.last_error, p.created_at
      from provider_pullbacks p join accounts a on a.id = p.player_id
     where p.site_id = ${siteId} and p.provider_code = ${code} and p.status = 'PENDING' order by p.id desc limit 500`);

  return {
    code,
    date: input.date,
    from: formatDateTime(from, tz),
    to: formatDateTime(to, tz),
    ours: totals(ours),
    theirs: theirs ? totals(theirs) : null,
    providerError,
    differences,
    held: held.rows.map((h) => ({
      transactionId: h.transaction_id,
      playerAccountNo: h.account_no,
      amount: formatMinorUnits(BigInt(h.amount)),
      position: formatMinorUnits(BigInt(h.position)),
      createdAt: formatDateTime(new Date(h.created_at), tz),
    })),
    pending: pending.rows.map((p) => ({
      transactionId: p.transaction_id,
      playerAccountNo: p.account_no,
      amount: formatMinorUnits(BigInt(p.amount)),
      attempts: p.attempts,
      lastError: p.last_error,
      createdAt: formatDateTime(new Date(p.created_at), tz),
    })),
  };
}
