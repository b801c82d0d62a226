import type { GameCategory, GameSyncItem } from '@agent-bo/shared';
import type { Rng } from './rng.js';

/**
 * What the simulated providers offer and how their games pay: game codes per provider and
 * category, round lengths, and outcome tables whose expected return to player (RTP) leaves the
 * house a few percent. Amounts are integer minor units; multipliers are basis points of the stake.
 */

export interface Game {
  code: string;
  category: GameCategory;
}

/**
 * Seconds between two bets of one player's session (gap) and from placing a bet to its result
 * (result): live tables deal every half minute, slots spin every few seconds, sports results
 * come hours after the bet.
 */
export const TIMING: Record<GameCategory, { gap: [number, number]; result: [number, number] }> = {
  LIVE: { gap: [25, 60], result: [20, 50] },
  SLOT: { gap: [3, 10], result: [0, 2] },
  FISH: { gap: [1, 5], result: [0, 1] },
  SPORTS: { gap: [20, 180], result: [1800, 10_800] },
  CARD: { gap: [20, 60], result: [20, 60] },
  LOTTERY: { gap: [30, 120], result: [300, 3600] },
};

const games = (prefix: string, category: GameCategory, names: string[]): Game[] => names.map((n) => ({ code: `${prefix}-${n}`, category }));

/** The demo providers' games (the server's demo seed offers these codes): EVO live, PG/JILI/PP slots and fishing, SABA sports, KY cards. */
export const PROVIDER_GAMES: Record<string, Game[]> = {
  EVO: games('evo', 'LIVE', ['baccarat-a', 'baccarat-squeeze', 'lightning-roulette', 'blackjack-7', 'dragon-tiger', 'sic-bo']),
  PG: [
    ...games('pg', 'SLOT', ['mahjong-ways-2', 'fortune-tiger', 'lucky-neko', 'treasures-aztec', 'wild-bounty']),
    ...games('pg', 'FISH', ['ocean-king']),
  ],
  JILI: [
    ...games('jili', 'SLOT', ['super-ace', 'golden-empire', 'money-coming']),
    ...games('jili', 'FISH', ['jackpot-fishing', 'mega-fishing', 'royal-fishing']),
  ],
  PP: [
    ...games('pp', 'SLOT', ['gates-of-olympus', 'sweet-bonanza', 'starlight-princess', 'sugar-rush']),
    ...games('pp', 'FISH', ['fishin-frenzy']),
  ],
  SABA: games('saba', 'SPORTS', ['soccer', 'basketball', 'tennis', 'baseball', 'esports']),
  KY: games('ky', 'CARD', ['texas-holdem', 'niuniu', 'blackjack', 'fight-landlord', 'three-card']),
};

/** A provider the catalogue does not know plays slots under generic codes. */
export function gamesOf(providerCode: string): Game[] {
  return PROVIDER_GAMES[providerCode] ?? games(providerCode.toLowerCase(), 'SLOT', ['game-1', 'game-2', 'game-3']);
}

/** One line of an outcome table: how often (weight) and what it pays (basis points of the stake). */
export interface Outcome {
  weight: number;
  multiplierBp: number;
  /** A push (tie refunded): the stake comes back and does not count as a valid bet. */
  push?: boolean;
}

/**
 * Outcome tables per category (weights sum to 10,000). Expected return: LIVE 98 %, SLOT 96 %,
 * FISH 96 %, CARD 97.55 %, LOTTERY 95 %; SPORTS is drawn from odds instead (95 %). test/simulator checks them.
 */
export const OUTCOMES: Record<Exclude<GameCategory, 'SPORTS'>, Outcome[]> = {
  // Banker/player style: even money, a refunded tie now and then.
  LIVE: [
    { weight: 4600, multiplierBp: 20_000 },
    { weight: 600, multiplierBp: 10_000, push: true },
    { weight: 4800, multiplierBp: 0 },
  ],
  // Mostly losing spins, small wins often, a big one now and then (at most 50×).
  SLOT: [
    { weight: 4975, multiplierBp: 0 },
    { weight: 1500, multiplierBp: 5_000 },
    { weight: 1200, multiplierBp: 10_000 },
    { weight: 1300, multiplierBp: 20_000 },
    { weight: 600, multiplierBp: 30_000 },
    { weight: 300, multiplierBp: 50_000 },
    { weight: 100, multiplierBp: 100_000 },
    { weight: 20, multiplierBp: 250_000 },
    { weight: 5, multiplierBp: 500_000 },
  ],
  // Smoother than slots: many partial returns.
  FISH: [
    { weight: 4320, multiplierBp: 0 },
    { weight: 1500, multiplierBp: 5_000 },
    { weight: 1200, multiplierBp: 10_000 },
    { weight: 1200, multiplierBp: 15_000 },
    { weight: 1100, multiplierBp: 20_000 },
    { weight: 500, multiplierBp: 30_000 },
    { weight: 10, multiplierBp: 50_000 },
    { weight: 150, multiplierBp: 100_000 },
    { weight: 20, multiplierBp: 300_000 },
  ],
  // Player against player with a rake.
  CARD: [
    { weight: 4900, multiplierBp: 19_500 },
    { weight: 200, multiplierBp: 10_000, push: true },
    { weight: 4900, multiplierBp: 0 },
  ],
  LOTTERY: [
    { weight: 9000, multiplierBp: 0 },
    { weight: 900, multiplierBp: 90_000 },
    { weight: 100, multiplierBp: 140_000 },
  ],
};

/** Sports: decimal odds 1.40–3.20, won with probability 0.95 / odds (the book's margin). */
export const SPORTS_ODDS_BP = { min: 14_000, max: 32_000, step: 50 } as const;
export const SPORTS_RETURN_BP = 9_500;

/** Expected return of a table in basis points of the stake (exact). */
export function expectedReturnBp(table: readonly Outcome[]): number {
  const weights = table.reduce((s, o) => s + o.weight, 0);
  return table.reduce((s, o) => s + o.weight * o.multiplierBp, 0) / weights;
}

export interface Result {
  validBet: bigint;
  payout: bigint;
}

/** The result of one bet of `stake` (minor units) in `category`. */
export function drawResult(rng: Rng, category: GameCategory, stake: bigint): Result {
  if (category === 'SPORTS') {
    const steps = (SPORTS_ODDS_BP.max - SPORTS_ODDS_BP.min) / SPORTS_ODDS_BP.step;
    const odds = SPORTS_ODDS_BP.min + rng.int(0, steps) * SPORTS_ODDS_BP.step;
    const won = rng.next() < SPORTS_RETURN_BP / odds;
    return { validBet: stake, payout: won ? (stake * BigInt(odds)) / 10_000n : 0n };
  }
  const o = rng.weighted(OUTCOMES[category], (x) => x.weight);
  return { validBet: o.push ? 0n : stake, payout: (stake * BigInt(o.multiplierBp)) / 10_000n };
}

/** A bet-limit preset: the stake range in minor units. */
export interface StakeRange {
  min: bigint;
  max: bigint;
}

/** When a player's presets are unknown: the demo's preset A, 10.00–5,000.00. */
export const DEFAULT_STAKE_RANGE: StakeRange = { min: 1_000n, max: 500_000n };

/** A round step for a stake of this size: 1.00 under 100, 10 under 1,000, 50 under 10,000, else 100. */
function stepFor(minor: number): number {
  if (minor < 10_000) return 100;
  if (minor < 100_000) return 1_000;
  if (minor < 1_000_000) return 5_000;
  return 10_000;
}

/** The widest span of one player's stakes: up to 50 × the preset's minimum. */
const STAKE_SPAN = 50;

/**
 * A session's base stake inside `range`: skewed toward the low end (most players stake a few
 * times the table minimum, few go far above it), rounded to a round step, never outside the
 * range. The draw uses floats; the stake is whole minor units.
 */
export function drawStake(rng: Rng, range: StakeRange): bigint {
  const min = Number(range.min);
  const max = Math.min(Number(range.max), min * STAKE_SPAN);
  if (max <= min) return range.min;
  const x = min * Math.exp(Math.log(max / min) * rng.next() ** 4);
  const step = stepFor(x);
  const rounded = BigInt(Math.round(x / step) * step);
  return rounded < range.min ? range.min : rounded > range.max ? range.max : rounded;
}

/** The next stake of a session: mostly the base, sometimes doubled or halved, kept in range. */
export function nextStake(rng: Rng, base: bigint, range: StakeRange): bigint {
  const r = rng.next();
  const s = r < 0.1 ? base * 2n : r < 0.2 ? base / 2n : base;
  const step = BigInt(stepFor(Number(s)));
  const rounded = s - (s % step);
  return rounded < range.min ? range.min : rounded > range.max ? range.max : rounded;
}

/** Chinese names of the demo games (the words of their codes); English names come from the codes. */
const ZH_NAMES: Record<string, string> = {
  'evo-baccarat-a': '百家樂 A',
  'evo-baccarat-squeeze': '咪牌百家樂',
  'evo-lightning-roulette': '閃電輪盤',
  'evo-blackjack-7': '21 點 7 號桌',
  'evo-dragon-tiger': '龍虎',
  'evo-sic-bo': '骰寶',
  'pg-mahjong-ways-2': '麻將胡了 2',
  'pg-fortune-tiger': '招財虎',
  'pg-lucky-neko': '招財貓',
  'pg-treasures-aztec': '阿茲特克寶藏',
  'pg-wild-bounty': '狂野賞金',
  'pg-ocean-king': '海洋之王',
  'jili-super-ace': '超級王牌',
  'jili-golden-empire': '黃金帝國',
  'jili-money-coming': '錢來了',
  'jili-jackpot-fishing': '彩金捕魚',
  'jili-mega-fishing': '超級捕魚',
  'jili-royal-fishing': '皇家捕魚',
  'pp-gates-of-olympus': '奧林匹斯之門',
  'pp-sweet-bonanza': '甜蜜富礦',
  'pp-starlight-princess': '星光公主',
  'pp-sugar-rush': '糖果衝刺',
  'pp-fishin-frenzy': '瘋狂釣魚',
  'saba-soccer': '足球',
  'saba-basketball': '籃球',
  'saba-tennis': '網球',
  'saba-baseball': '棒球',
  'saba-esports': '電子競技',
  'ky-texas-holdem': '德州撲克',
  'ky-niuniu': '牛牛',
  'ky-blackjack': '21 點',
  'ky-fight-landlord': '鬥地主',
  'ky-three-card': '三公',
};

/** "evo-baccarat-squeeze" → "Baccarat Squeeze" (the provider prefix dropped). */
function englishName(code: string): string {
  return code
    .split('-')
    .slice(1)
    .map((w) => (/^\d+$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');
}

/** What a category's games return to players, as a percentage text (the outcome tables above). */
function rtpOf(category: GameCategory): string {
  const bp = category === 'SPORTS' ? SPORTS_RETURN_BP : expectedReturnBp(OUTCOMES[category]);
  return (bp / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** A provider's catalogue as it pushes it to a site (`games/sync`): every game it plays, with names and RTP. */
export function catalogueOf(providerCode: string): GameSyncItem[] {
  return gamesOf(providerCode).map((g) => ({
    code: g.code,
    names: { en: englishName(g.code), ...(ZH_NAMES[g.code] ? { zh_TW: ZH_NAMES[g.code] } : {}) },
    category: g.category,
    rtp: rtpOf(g.category),
    status: 'ACTIVE',
  }));
}
