import type { SiteId } from '@agent-bo/shared';
import { DEFAULT_STAKE_RANGE, type StakeRange } from './catalogue.js';

/**
 * What the simulator knows about the site it plays: the providers it speaks for (code and the
 * site's shared secret at that provider: each site is its own merchant) and the players (account number, enabled providers, bet-limit ranges). A real provider
 * holds its own secret and learns players as they arrive; the simulator gets both from options,
 * or — on a demo or development machine — reads them from the server's database, read-only.
 */

export interface SimProvider {
  code: string;
  secret: string;
  /** False when the database says DISABLE or MAINTAIN: still played, rarely (its calls are refused). */
  active: boolean;
}

export interface SimPlayer {
  accountNo: string;
  /** Enabled provider codes; null when unknown (from options without a list): every provider. */
  providers: string[] | null;
  /** Stake ranges of the player's bet-limit presets; empty: DEFAULT_STAKE_RANGE. */
  limits: StakeRange[];
  /** Main balance in minor units when the run starts; null when unknown (the server decides). */
  balance: bigint | null;
}

export interface Directory {
  siteId: SiteId;
  providers: SimProvider[];
  players: SimPlayer[];
}

/** Anything that runs a parameterised query: a pg Pool or Client. */
export interface Queryable {
  query<R extends object>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * The site's offered providers with their secrets and statuses, and every player of the site with
 * its providers and bet-limit ranges — disabled, read-only and unverified players included, as a
 * provider would see them arrive (their bets are refused and counted).
 */
export async function loadDirectory(db: Queryable, siteId: SiteId): Promise<Directory> {
  const providers = await db.query<{ code: string; status: string; secret: string | null }>(
    // The site's own merchant account at each offered provider: its secret and its status.
    `select m.provider_code as code, m.status, m.secret from provider_merchants m
       join site_providers sp on sp.site_id = m.site_id and sp.provider_code = m.provider_code
      where m.site_id = $1 order by m.provider_code`,
    [siteId],
  );
  const presets = await db.query<{ code: string; min: string; max: string }>(
    'select code, min::text, max::text from bet_limit_presets where site_id = $1',
    [siteId],
  );
  const ranges = new Map(presets.rows.map((p) => [p.code, { min: BigInt(p.min), max: BigInt(p.max) }]));
  const players = await db.query<{ account_no: string; providers: string[]; bet_limits: string[]; balance: string }>(
    `select account_no, providers, bet_limits, balance::text as balance from accounts where site_id = $1 and kind = 'PLAYER' order by id`,
    [siteId],
  );
  return {
    siteId,
    providers: providers.rows.filter((p) => p.secret).map((p) => ({ code: p.code, secret: p.secret!, active: p.status === 'ACTIVE' })),
    players: players.rows.map((p) => ({
      accountNo: p.account_no,
      providers: p.providers,
      limits: p.bet_limits.map((c) => ranges.get(c)).filter((r): r is StakeRange => r !== undefined),
      balance: BigInt(p.balance),
    })),
  };
}

export class DirectoryError extends Error {
  override name = 'DirectoryError';
}

/** `CODE=hex` pairs (options or SIMULATOR_SECRETS, comma-separated) → providers. */
export function parseSecrets(values: string[]): SimProvider[] {
  const out = new Map<string, SimProvider>();
  for (const value of values.flatMap((v) => v.split(','))) {
    const v = value.trim();
    if (!v) continue;
    const at = v.indexOf('=');
    const code = v.slice(0, at).trim();
    const secret = v.slice(at + 1).trim();
    if (at <= 0 || !/^[A-Za-z0-9_-]{1,32}$/.test(code) || !secret) throw new DirectoryError(`"${v}" is not CODE=secret`);
    out.set(code, { code, secret, active: true });
  }
  return [...out.values()];
}

/** `player001` or `player001=EVO+PG` (options) → players with unknown bet limits and balances. */
export function parsePlayers(values: string[]): SimPlayer[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      const [accountNo, list] = v.split('=');
      if (!accountNo || !/^[A-Za-z0-9_.-]{1,64}$/.test(accountNo)) throw new DirectoryError(`"${v}" is not ACCOUNT or ACCOUNT=CODE+CODE`);
      const providers =
        list === undefined
          ? null
          : list
              .split('+')
              .map((c) => c.trim())
              .filter(Boolean);
      return { accountNo, providers, limits: [], balance: null };
    });
}

/** A player's stake ranges, the default when none is known. */
export function rangesOf(player: SimPlayer): StakeRange[] {
  return player.limits.length ? player.limits : [DEFAULT_STAKE_RANGE];
}
