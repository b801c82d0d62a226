import { SITE_IDS, type SiteId } from '@agent-bo/shared';
import { catalogueOf } from './catalogue.js';
import { ProviderClient } from './client.js';
import { loadDirectory, type Queryable } from './directory.js';
import { runSimulation } from './engine.js';
import type { SimulationSummary } from './summary.js';
import type { ProviderWallets } from './provider-side.js';
import { runShoppers, type ShopperSummary } from './shoppers.js';

/**
 * The demo's bets: when the demo server has listened, every site without bets gets a bounded burst
 * of simulated provider traffic over its own HTTP port — placedAt spread over the last days so the
 * report, the bet page and the dashboard trends have history. The bets come through the provider
 * API like any provider's, never by writing the database; so do the providers' game catalogues,
 * pushed before the bets (and at every start, so a site with earlier bets knows its games).
 */
export interface DemoTrafficOptions {
  /** The server's database: which sites have no bets yet, the providers' secrets and the players. */
  db: Queryable;
  baseUrl: string;
  apiPrefix?: string;
  sites?: readonly SiteId[];
  betsPerSite?: number;
  days?: number;
  signal?: AbortSignal;
  /** The provider's side the demo serves: the burst's transfers are recorded in its books. */
  wallets?: ProviderWallets;
  /**
   * The demo players' password: given, some players of each site that got a burst sign in to the
   * player API afterwards and redeem goods with the points their bets earned.
   */
  playerPassword?: string;
  shoppersPerSite?: number;
}

export interface DemoTrafficResult {
  runs: SimulationSummary[];
  /** Sites that already had bets. */
  skipped: SiteId[];
  elapsedMs: number;
}

export const DEMO_TRAFFIC = { betsPerSite: 2500, days: 30, batch: 250, concurrency: 2, shoppersPerSite: 40, pointsWaitMs: 30_000 } as const;

/**
 * Waits (at most `ms`) until the server's earning job has taken every settled bet, then names the
 * site's players holding points (a real client's players know their own balance; the demo reads
 * it from the database, as it reads the players themselves).
 */
async function playersWithPoints(db: Queryable, siteId: SiteId, ms: number, signal?: AbortSignal): Promise<string[]> {
  const until = Date.now() + ms;
  while (Date.now() < until && !signal?.aborted) {
    const { rows } = await db.query<{ done: boolean }>('select not exists (select 1 from points_bet_queue) as done');
    if (rows[0]?.done) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const { rows } = await db.query<{ account_no: string }>(
    `select a.account_no from points_accounts p join accounts a on a.id = p.player_id
      where p.site_id = $1 and p.balance > 0 order by p.balance desc, a.id limit 200`,
    [siteId],
  );
  return rows.map((r) => r.account_no);
}

export async function playDemoTraffic(o: DemoTrafficOptions): Promise<DemoTrafficResult> {
  const started = Date.now();
  const runs: SimulationSummary[] = [];
  const skipped: SiteId[] = [];
  for (const siteId of o.sites ?? SITE_IDS) {
    if (o.signal?.aborted) break;
    const directory = await loadDirectory(o.db, siteId);
    const { rows } = await o.db.query<{ any: boolean }>('select exists (select 1 from bets where site_id = $1) as any', [siteId]);
    if (rows[0]?.any) {
      // Bets from an earlier start: no new burst, but the providers push their catalogues (a
      // push of an unchanged list changes nothing), so every game the bets name is known.
      const client = new ProviderClient({ baseUrl: o.baseUrl, apiPrefix: o.apiPrefix, signal: o.signal });
      for (const provider of directory.providers) await client.syncGames(provider, siteId, catalogueOf(provider.code));
      skipped.push(siteId);
      continue;
    }
    if (directory.players.length === 0 || directory.providers.length === 0) {
      skipped.push(siteId);
      continue;
    }
    runs.push(
      await runSimulation({
        baseUrl: o.baseUrl,
        apiPrefix: o.apiPrefix,
        directory,
        seed: `demo-${siteId}`,
        runId: `demo-${siteId}`,
        bets: o.betsPerSite ?? DEMO_TRAFFIC.betsPerSite,
        historyDays: o.days ?? DEMO_TRAFFIC.days,
        batch: DEMO_TRAFFIC.batch,
        concurrency: DEMO_TRAFFIC.concurrency,
        signal: o.signal,
        wallets: o.wallets,
      }),
    );
  }
  return { runs, skipped, elapsedMs: Date.now() - started };
}

/** One line for the server log. */
export function describeDemoTraffic(r: DemoTrafficResult, days: number = DEMO_TRAFFIC.days): string {
  const sum = (f: (s: SimulationSummary) => number) => r.runs.reduce((n, s) => n + f(s), 0);
  const refused = sum((s) => Object.values(s.refusals).reduce((a, b) => a + b, 0));
  if (r.runs.length === 0) return `demo traffic: skipped (every site has bets already)`;
  return (
    `demo traffic: ${sum((s) => s.bets.placed)} bets over the last ${days} days on ${r.runs.map((s) => s.siteId).join(', ')} through the provider API ` +
    `(${sum((s) => s.bets.settled)} settled, ${sum((s) => s.bets.canceled)} canceled, ${sum((s) => s.bets.resettled)} resettled, ` +
    `${sum((s) => s.bets.open)} open, ${refused} refused, ${sum((s) => s.duplicates)} duplicates; ` +
    `${sum((s) => s.wallet.transfersOut)} transfers out, ${sum((s) => s.wallet.transfersIn)} in) in ${(r.elapsedMs / 1000).toFixed(1)} s` +
    (sum((s) => s.failedItems) ? `; ${sum((s) => s.failedItems)} items got no answer` : '')
  );
}

/**
 * The store's side of the demo, after the bets: on each of `sites`, once the server's earning job
 * has taken the settled bets, some players holding points sign in to the player API and redeem.
 */
export async function playDemoShoppers(o: DemoTrafficOptions, sites: readonly SiteId[]): Promise<ShopperSummary[]> {
  const shoppers: ShopperSummary[] = [];
  if (!o.playerPassword) return shoppers;
  for (const siteId of sites) {
    if (o.signal?.aborted) break;
    const accounts = await playersWithPoints(o.db, siteId, DEMO_TRAFFIC.pointsWaitMs, o.signal);
    shoppers.push(
      await runShoppers({
        baseUrl: o.baseUrl,
        apiPrefix: o.apiPrefix,
        siteId,
        accounts,
        password: o.playerPassword,
        shoppers: o.shoppersPerSite ?? DEMO_TRAFFIC.shoppersPerSite,
        seed: `demo-store-${siteId}`,
        signal: o.signal,
      }),
    );
  }
  return shoppers;
}

/** One line for the server log. */
export function describeDemoShoppers(shoppers: readonly ShopperSummary[]): string {
  const orders = shoppers.reduce((n, s) => n + s.orders, 0);
  const players = shoppers.reduce((n, s) => n + s.signedIn, 0);
  return `demo store: ${orders} orders by ${players} signed-in players through the player API on ${shoppers.map((s) => s.siteId).join(', ')}`;
}

/** Where a listening server can be called from the same machine (a wildcard address → loopback). */
export function loopbackUrl(address: string | { address: string; family: string; port: number } | null): string {
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const ipv6 = address.family === 'IPv6' || address.address.includes(':');
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${ipv6 ? `[${host}]` : host}:${address.port}`;
}

/** DEMO_TRAFFIC, or its default: on, except under NODE_ENV=test (the test suites play their own traffic). */
export function demoTrafficWanted(env: { NODE_ENV: string; DEMO_TRAFFIC?: 'on' | 'off' }): boolean {
  return (env.DEMO_TRAFFIC ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

/**
 * Starts the demo burst in the background (start-up does not wait for it) and logs one line when
 * it ends. `stop()` interrupts it (bets already placed stay as they are) and waits for it.
 */
export function startDemoTraffic(
  o: Omit<DemoTrafficOptions, 'signal'> & { log: { info: (msg: string) => void; warn: (obj: object, msg: string) => void } },
): { done: Promise<void>; stop: () => Promise<void> } {
  const controller = new AbortController();
  const done = playDemoTraffic({ ...o, signal: controller.signal }).then(
    async (r) => {
      if (controller.signal.aborted || r.runs.length === 0) return;
      o.log.info(describeDemoTraffic(r, o.days));
      try {
        const shoppers = await playDemoShoppers(
          { ...o, signal: controller.signal },
          r.runs.map((run) => run.siteId as SiteId),
        );
        if (!controller.signal.aborted && shoppers.length > 0) o.log.info(describeDemoShoppers(shoppers));
      } catch (err) {
        // A stop mid-shopping aborts its requests: nothing to report then.
        if (!controller.signal.aborted) o.log.warn({ err }, 'demo store failed');
      }
    },
    (err: unknown) => o.log.warn({ err }, 'demo traffic failed'),
  );
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
