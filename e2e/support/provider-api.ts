import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { businessRange, siteTimeZone, zonedDateTimeToInstant } from '@agent-bo/shared';
import { baseUrl } from './browser.js';
import { db } from './db.js';

/**
 * An ISO time about `minutes` (under 10) before now and always inside tw_web's current business
 * day, so a spec's bets count "today" whenever it runs: in the first minutes after noon in
 * Asia/Taipei (when the business day turns) the minutes shrink to fit between the day's start and
 * now. Smaller `minutes` is always later, so placed-before-settled orders hold.
 */
export function minutesAgo(minutes: number): string {
  if (!(minutes >= 0 && minutes < 10)) throw new Error(`minutesAgo takes 0 to 10 minutes, not ${minutes}`);
  const now = Date.now();
  const dayStart = zonedDateTimeToInstant(
    businessRange('today', new Date(now), siteTimeZone('tw_web')).start,
    siteTimeZone('tw_web'),
  )!.getTime();
  return new Date(Math.max(now - minutes * 60_000, dayStart + Math.floor(((now - dayStart) * (10 - minutes)) / 10))).toISOString();
}

/**
 * One signed batch call of the provider API, as a game provider sends it: x-signature is the hex
 * HMAC-SHA256 of `${timestamp}.${rawBody}` under tw_web's secret at the provider (read from the database).
 * `path` is below /api/provider/v1 (e.g. `bets/place`, `wallet/transfer_out`); every item must
 * be accepted.
 */
export async function providerCall(providerCode: string, path: string, items: unknown[]): Promise<void> {
  const [row] = await db<{ secret: string }>(`select secret from provider_merchants where site_id = 'tw_web' and provider_code = $1`, [
    providerCode,
  ]);
  const raw = JSON.stringify({ siteId: 'tw_web', items });
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', row!.secret).update(`${timestamp}.${raw}`).digest('hex');
  const res = await fetch(`${baseUrl()}/api/provider/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-code': providerCode, 'x-timestamp': timestamp, 'x-signature': signature },
    body: raw,
  });
  const body = (await res.json()) as { success: boolean; data?: { results: { status: string }[] } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(
    body.data!.results.map((r) => r.status),
    `${providerCode} ${path}: ${JSON.stringify(body)}`,
  ).toEqual(items.map(() => 'OK'));
}

/**
 * A verified, unrestricted tw_web player of agentC01 (admin001 → agentA01 → agentB01 → agentC01)
 * that may play EVO: the account the specs place their own bets for.
 */
export async function evoPlayerOfAgentC01(): Promise<string> {
  const [row] = await db<{ account_no: string }>(
    `select a.account_no from accounts a join accounts p on p.id = a.parent_id
      where a.site_id = 'tw_web' and p.account_no = 'agentC01' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED'
        and 'EVO' = any(a.providers) and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
      order by a.id limit 1`,
  );
  if (!row) throw new Error('no verified EVO player under agentC01 on tw_web');
  return row.account_no;
}
