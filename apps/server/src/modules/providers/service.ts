import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  PROVIDER_SECRET_BYTES,
  satisfies,
  siteTimeZone,
  type ProviderAbilities,
  type ProviderList,
  type ProviderSecret,
  type ProviderStatus,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { providerMerchants, siteProviders } from '../../db/schema/index.js';
import { formatDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/app-error.js';
import { assertWriter } from '../../core/access.js';
import { isAdmin, type Caller } from '../../core/caller.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { MATERIAL_CHANNEL, notifySite } from '../../core/channels.js';
import { inTransaction, type Tx } from '../../core/tx.js';

/**
 * Provider management (PRODUCT.md §5, `/provider/index`).
 *
 * The catalogue (code, name) is the platform's; everything else here is the caller's site's own:
 * the provider's status and shared secret at this site (its merchant account, `provider_merchants`)
 * and whether the site offers it (`site_providers`). Sites are tenants, so every read and write
 * names the caller's site and no request can name another: one site's admin never changes,
 * nor reads, another site's provider state. A change still reaches beyond any agent's subtree
 * (every player of the site), so writes need the code AND the site's admin (level 0; shadows and
 * restricted callers only read, as everywhere). An agent holding PROVIDER_MAINTAIN or
 * SITE_PROVIDER sees the list, read-only.
 *
 * - Status: DISABLE and MAINTAIN make the provider API refuse this site's calls of the provider
 *   (signature.ts), at once; other sites' calls are untouched.
 * - Offering off removes the site's row in site_providers only: accounts' enabled provider lists
 *   are kept, so switching it on again restores everything; meanwhile the provider API refuses
 *   that site's calls (PROVIDER_NOT_OFFERED) and the member screens offer only offered providers.
 * - Rotate: a new random secret replaces this site's old one at once (no grace period: the provider
 *   API reads the secret on every call); other sites' secrets are untouched. It is answered once
 *   and never logged.
 * - Endpoint: the base URL of the provider's API for this site's merchant account, where the
 *   platform's own calls go (a staff pull-back, the reconciliation report); read at every call, so
 *   a change applies to the next one. Null clears it: pull-backs are then refused
 *   (PROVIDER_ENDPOINT_MISSING). Not a secret, so the log shows it; the list answers it only to
 *   callers who may maintain the provider.
 *
 * Every change is one OPERATION row in the operation log (target: the acting admin, so it shows
 * in that admin's log) with before/after; a request that changes nothing writes nothing.
 */

export interface ProviderContext {
  db: Db;
  caller: Caller;
  ip: string;
  now: () => Date;
}

/** What this caller may write (the screen hides the rest; the server refuses it anyway). */
export function abilitiesOf(caller: Caller): ProviderAbilities {
  const writer =
    !caller.account.isShadow && !caller.isDisabled && !caller.isFullDisabled && !caller.isFullReadonly && isAdmin(caller.account);
  return {
    maintain: writer && satisfies('PROVIDER_MAINTAIN', caller.codes),
    offer: writer && satisfies('SITE_PROVIDER', caller.codes),
    // Reading: the admin and its shadows (level 0), restricted or not.
    reconcile: caller.account.lvl === 0 && satisfies('PROVIDER_MAINTAIN', caller.codes),
  };
}

/** The route's permission check already ran; this adds the writer and site-admin rules. */
function assertSiteAdmin(caller: Caller): void {
  assertWriter(caller);
  if (!isAdmin(caller.account)) throw new AppError('PERMISSION_DENIED');
}

export async function listProviders(db: Db, caller: Caller): Promise<ProviderList> {
  const tz = siteTimeZone(caller.siteId);
  // Enabled players in the caller's working subtree (the admin's is the whole site): one grouped
  // scan over the site's players by the path index.
  const { rows } = await db.execute<{
    code: string;
    name: string;
    status: ProviderStatus;
    offered: boolean;
    secret_set: boolean;
    rotated_at: Date | string | null;
    players: number;
    endpoint: string | null;
  }>(sql`
    with usage as (
      select p.code, count(*)::int as players
        from accounts a cross join lateral unnest(a.providers) as p(code)
       where a.site_id = ${caller.siteId} and a.kind = 'PLAYER' and a.path @> array[${caller.scopeRootId}]::integer[]
       group by p.code
    )
    select pr.code, pr.name, m.status,
           exists (select 1 from site_providers sp where sp.site_id = ${caller.siteId} and sp.provider_code = pr.code) as offered,
           m.secret is not null as secret_set,
           m.secret_rotated_at as rotated_at,
           m.endpoint,
           coalesce(u.players, 0) as players
      from providers pr
      join provider_merchants m on m.site_id = ${caller.siteId} and m.provider_code = pr.code
      left join usage u on u.code = pr.code
     order by pr.code`);
  const abilities = abilitiesOf(caller);
  return {
    providers: rows.map((r) => ({
      code: r.code,
      name: r.name,
      status: r.status,
      offered: r.offered,
      secretSet: r.secret_set,
      secretRotatedAt: r.rotated_at && r.secret_set ? formatDateTime(new Date(r.rotated_at), tz) : null,
      enabledPlayers: Number(r.players),
      ...(abilities.maintain ? { endpoint: r.endpoint } : {}),
    })),
    abilities,
  };
}

/** The caller's site's merchant row of the provider, locked; NOT_FOUND for an unknown code. */
async function lockMerchant(tx: Tx, siteId: string, code: string) {
  const [row] = await tx
    .select()
    .from(providerMerchants)
    .where(and(eq(providerMerchants.siteId, siteId), eq(providerMerchants.providerCode, code)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, code: row.providerCode };
}

const merchantOf = (siteId: string, code: string) => and(eq(providerMerchants.siteId, siteId), eq(providerMerchants.providerCode, code));

export async function changeStatus(m: ProviderContext, input: { code: string; status: ProviderStatus }): Promise<void> {
  assertSiteAdmin(m.caller);
  const siteId = m.caller.siteId;
  await inTransaction(m.db, async (tx) => {
    const row = await lockMerchant(tx, siteId, input.code);
    if (row.status === input.status) return;
    await tx.update(providerMerchants).set({ status: input.status }).where(merchantOf(siteId, row.code));
    await writeLog(
      tx,
      m,
      logTarget('provider', row.code),
      'OPERATION',
      { provider: row.code, status: row.status },
      { provider: row.code, status: input.status },
    );
    // The site's lobby shows the provider's games as playable, under maintenance or not at all.
    await notifySite(tx, MATERIAL_CHANNEL, siteId);
  });
}

export async function setSiteOffering(m: ProviderContext, input: { code: string; offered: boolean }): Promise<void> {
  assertSiteAdmin(m.caller);
  const siteId = m.caller.siteId;
  await inTransaction(m.db, async (tx) => {
    const row = await lockMerchant(tx, siteId, input.code);
    const where = and(eq(siteProviders.siteId, siteId), eq(siteProviders.providerCode, row.code));
    const [current] = await tx.select({ siteId: siteProviders.siteId }).from(siteProviders).where(where);
    if (!!current === input.offered) return;
    if (input.offered) await tx.insert(siteProviders).values({ siteId, providerCode: row.code });
    else await tx.delete(siteProviders).where(where);
    await writeLog(
      tx,
      m,
      logTarget('provider', row.code),
      'OPERATION',
      { provider: row.code, site: siteId, offered: !input.offered },
      { provider: row.code, site: siteId, offered: input.offered },
    );
    await notifySite(tx, MATERIAL_CHANNEL, siteId);
  });
}

export async function rotateSecret(m: ProviderContext, input: { code: string }): Promise<ProviderSecret> {
  assertSiteAdmin(m.caller);
  const secret = randomBytes(PROVIDER_SECRET_BYTES).toString('hex');
  const at = m.now();
  const siteId = m.caller.siteId;
  const tz = siteTimeZone(siteId);
  await inTransaction(m.db, async (tx) => {
    const row = await lockMerchant(tx, siteId, input.code);
    await tx.update(providerMerchants).set({ secret, secretRotatedAt: at }).where(merchantOf(siteId, row.code));
    // The log says that and when, never the secret.
    await writeLog(
      tx,
      m,
      logTarget('provider', row.code),
      'OPERATION',
      {
        provider: row.code,
        secretSet: row.secret !== null,
        secretRotatedAt: row.secretRotatedAt && row.secret ? formatDateTime(row.secretRotatedAt, tz) : null,
      },
      { provider: row.code, secretSet: true, secretRotatedAt: formatDateTime(at, tz) },
    );
  });
  return { code: input.code, secret, secretRotatedAt: formatDateTime(at, tz) };
}

/** Whether `host` is on the allow-list (`*.example.com` allows its subdomains); an empty list allows any. */
export function endpointHostAllowed(host: string, allowed: readonly string[]): boolean {
  if (!allowed.length) return true;
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => (entry.startsWith('*.') ? h.endsWith(entry.slice(1)) : h === entry));
}

/**
 * Sets or clears (null or '') this site's endpoint at the provider; the schema checked the URL,
 * `allowedHosts` (PROVIDER_ENDPOINT_HOSTS) its host: the signed outbound calls must not be
 * pointed at internal addresses.
 */
export async function changeEndpoint(
  m: ProviderContext,
  input: { code: string; endpoint: string | null },
  allowedHosts: readonly string[] = [],
): Promise<void> {
  assertSiteAdmin(m.caller);
  const siteId = m.caller.siteId;
  const endpoint = input.endpoint ? input.endpoint : null;
  if (endpoint && !endpointHostAllowed(new URL(endpoint).hostname, allowedHosts)) throw new AppError('PROVIDER_ENDPOINT_NOT_ALLOWED');
  await inTransaction(m.db, async (tx) => {
    const row = await lockMerchant(tx, siteId, input.code);
    if (row.endpoint === endpoint) return;
    await tx.update(providerMerchants).set({ endpoint }).where(merchantOf(siteId, row.code));
    // The endpoint only: the merchant row also holds the secret, which no log carries.
    await writeLog(
      tx,
      m,
      logTarget('provider', row.code),
      'OPERATION',
      { provider: row.code, endpoint: row.endpoint },
      { provider: row.code, endpoint },
    );
  });
}
