import type { GameCategory } from '@agent-bo/shared';
import type { SeedAccount } from './tree.js';

/** Game categories a provider's games fall in (the seed's own catalogue). */
const CATEGORIES: Record<string, GameCategory[]> = {
  EVO: ['LIVE'],
  PG: ['SLOT'],
  JILI: ['SLOT', 'FISH', 'CARD'],
  SABA: ['SPORTS'],
  PP: ['SLOT', 'LIVE'],
  KY: ['CARD', 'LOTTERY'],
};
const STAKES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

export interface BetDays {
  /** Business dates, oldest first; the last one is today's. */
  dates: string[];
  /** The instant (ms) each business day starts: 12:00 local time. */
  starts: number[];
  /** Now (ms): no bet is placed or settled after it. */
  now: number;
}

export interface BetCounts {
  bets: number;
  versions: number;
  settled: number;
  superseded: number;
  canceled: number;
  unsettled: number;
}

export const BET_COLUMNS =
  'site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id, bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, share_ratios, business_date';

/**
 * Generates COPY text (tab separated, `\N` for null) for `total` bets of `players`, day by day in
 * placing order within each business day's chunk, so the table's physical order follows time as
 * real traffic would.
 *
 * Each player gets a share of the bets from a heavy-tailed weight (a few players bet a lot), on a
 * set of active days, with a favourite provider among its enabled ones. Outcomes: the player
 * loses the stake 52 % of the time, else wins 1.5–2.2× (10 % of wins 2–5×): a house edge of
 * about 3 %. Status: today's bets are 30 % still Unsettled; otherwise 1.5 % Canceled, 1 %
 * resettled (version 1 Superseded, version 2 Settled an hour later with another payout), the rest
 * Settled. Shares ratios are the chain's ratios (fixed in the seed).
 */
export function* betRows(
  siteId: string,
  players: readonly SeedAccount[],
  ratioOf: ReadonlyMap<number, number>,
  days: BetDays,
  total: number,
  idPrefix: string,
  random: () => number,
  counts: BetCounts,
): Generator<string> {
  const nDays = days.dates.length;
  const n = players.length;
  // Bets per player: exponential weights squared (heavy tail), scaled to the exact total.
  const weight = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = -Math.log(1 - random());
    weight[i] = e * e + 0.05;
    sum += weight[i]!;
  }
  const perPlayer = new Int32Array(n);
  let assigned = 0;
  for (let i = 0; i < n; i++) {
    perPlayer[i] = Math.floor((total * weight[i]!) / sum);
    assigned += perPlayer[i]!;
  }
  for (let i = 0; assigned < total; i = (i + 1) % n) {
    perPlayer[i]!++;
    assigned++;
  }
  // Active days: about one per 8 bets, at least one; the bets spread evenly over them.
  const perDay = new Int32Array(n * nDays);
  for (let i = 0; i < n; i++) {
    const bets = perPlayer[i]!;
    if (bets === 0) continue;
    const active = Math.min(nDays, 1 + Math.floor(bets / 8));
    const chosen: number[] = [];
    const used = new Uint8Array(nDays);
    while (chosen.length < active) {
      const d = Math.floor(random() * nDays);
      if (!used[d]) {
        used[d] = 1;
        chosen.push(d);
      }
    }
    const base = Math.floor(bets / active);
    const extra = bets % active;
    chosen.forEach((d, j) => (perDay[i * nDays + d] = base + (j < extra ? 1 : 0)));
  }
  const favourite = new Int32Array(n);
  const stake = new Int32Array(n);
  const pathText: string[] = new Array(n);
  const ratioText: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = players[i]!;
    favourite[i] = Math.floor(random() * p.providers.length);
    stake[i] = STAKES[Math.floor(random() * STAKES.length)]!;
    pathText[i] = `{${p.path.join(',')}}`;
    ratioText[i] = `{${p.path.map((id) => ratioOf.get(id) ?? 0).join(',')}}`;
  }

  let seq = 0;
  let chunk = '';
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let d = 0; d < nDays; d++) {
    const date = days.dates[d]!;
    const start = days.starts[d]!;
    const span = Math.max(1, Math.min(86_400_000, days.now - start));
    const today = d === nDays - 1;
    for (let i = 0; i < n; i++) {
      const count = perDay[i * nDays + d]!;
      if (count === 0) continue;
      const p = players[i]!;
      for (let k = 0; k < count; k++) {
        seq++;
        const provider = random() < 0.7 ? p.providers[favourite[i]!]! : p.providers[Math.floor(random() * p.providers.length)]!;
        const cats = CATEGORIES[provider] ?? ['SLOT'];
        const category = cats[Math.floor(random() * cats.length)]!;
        const game = `${provider}-${category}-${Math.floor(random() * 20) + 1}`;
        const betAmount = Math.max(100, Math.round((stake[i]! * (0.5 + random() * 1.5)) / 100) * 100);
        const placed = start + Math.floor(random() * span);
        const betId = `${idPrefix}${seq.toString(36)}`;
        const head = `${siteId}\t${provider}\t${betId}\t`;
        const mid = `\t${p.id}\t${pathText[i]}\t${game}\t${category}\tr${seq.toString(36)}\t${betAmount}\t`;
        const tail = `\t${iso(placed)}\t`;
        const u = random();
        counts.bets++;
        if (today && u < 0.3) {
          counts.unsettled++;
          counts.versions++;
          chunk += `${head}1${mid}0\t0\t0\tUnsettled${tail}\\N\t\\N\t${date}\n`;
        } else if (u > 0.985) {
          counts.canceled++;
          counts.versions++;
          chunk += `${head}1${mid}0\t0\t0\tCanceled${tail}\\N\t\\N\t${date}\n`;
        } else {
          const settled = Math.min(days.now, placed + 30_000 + Math.floor(random() * 570_000));
          const payout = outcome(betAmount, random);
          if (u > 0.975) {
            // Resettled: the first settlement superseded by a second one, an hour later at most.
            const again = outcome(betAmount, random);
            const resettled = Math.min(days.now, settled + 1 + Math.floor(random() * 3_600_000));
            chunk += `${head}1${mid}${betAmount}\t${payout}\t${payout - betAmount}\tSuperseded${tail}${iso(settled)}\t${ratioText[i]}\t${date}\n`;
            chunk += `${head}2${mid}${betAmount}\t${again}\t${again - betAmount}\tSettled${tail}${iso(resettled === settled ? settled + 1 : resettled)}\t${ratioText[i]}\t${date}\n`;
            counts.superseded++;
            counts.settled++;
            counts.versions += 2;
          } else {
            chunk += `${head}1${mid}${betAmount}\t${payout}\t${payout - betAmount}\tSettled${tail}${iso(settled)}\t${ratioText[i]}\t${date}\n`;
            counts.settled++;
            counts.versions++;
          }
        }
        if (chunk.length > 256_000) {
          yield chunk;
          chunk = '';
        }
      }
    }
  }
  if (chunk) yield chunk;
}

function outcome(betAmount: number, random: () => number): number {
  if (random() < 0.52) return 0;
  // Wins: 1.5–2.2× (mean 1.85) nine times in ten, 2–5× (mean 3.5) otherwise: the player gets back
  // 0.48 × (0.9 × 1.85 + 0.1 × 3.5) ≈ 0.967 of the stakes, a house edge of about 3 %.
  const m = random() < 0.9 ? 1.5 + random() * 0.7 : 2 + random() * 3;
  return Math.round(betAmount * m);
}
