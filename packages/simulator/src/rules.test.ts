import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, toMinorUnits, type GameCategory } from '@agent-bo/shared';
import { OUTCOMES, PROVIDER_GAMES, SPORTS_RETURN_BP, drawResult, drawStake, expectedReturnBp, gamesOf, nextStake } from './catalogue.js';
import { signBody } from './client.js';
import { demoTrafficWanted, loopbackUrl } from './demo.js';
import { DirectoryError, parsePlayers, parseSecrets, type Directory } from './directory.js';
import { DEFAULT_RATES, Planner } from './planner.js';
import { Rng } from './rng.js';

/** The simulator's rules without a server: random numbers, stakes, outcomes, the plan of bets. */

/**
 * Bet-limit presets in minor units: the ranges the server's demo seed gives every site
 * (10–5,000 up to 1,000–500,000). Written out here because this package never imports server code;
 * the server's traffic test checks simulated stakes against the seeded presets themselves.
 */
const DEMO_BET_LIMITS = [
  { code: 'A', min: 1_000n, max: 500_000n },
  { code: 'B', min: 5_000n, max: 2_000_000n },
  { code: 'C', min: 10_000n, max: 5_000_000n },
  { code: 'D', min: 50_000n, max: 20_000_000n },
  { code: 'E', min: 100_000n, max: 50_000_000n },
] as const;

describe('Rng', () => {
  it('repeats a seed and differs between seeds', () => {
    const take = (seed: string | number) => {
      const r = new Rng(seed);
      return Array.from({ length: 50 }, () => r.next());
    };
    expect(take('a')).toEqual(take('a'));
    expect(take(42)).toEqual(take('42'));
    expect(take('a')).not.toEqual(take('b'));
    expect(take(1)).not.toEqual(take(2));
  });

  it('draws in [0, 1), integers in [lo, hi] about evenly, and by weight', () => {
    const r = new Rng('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      counts[r.int(0, 5)]! += 1;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    const picks = { a: 0, b: 0 };
    for (let i = 0; i < 20_000; i++) picks[r.weighted(['a', 'b'] as const, (x) => (x === 'a' ? 3 : 1))] += 1;
    expect(picks.a / 20_000).toBeCloseTo(0.75, 1);
    expect(() => r.pick([])).toThrow();
  });
});

describe('outcomes', () => {
  it('every table sums to 10,000 and leaves the house a few percent', () => {
    for (const [category, table] of Object.entries(OUTCOMES)) {
      expect(
        table.reduce((s, o) => s + o.weight, 0),
        category,
      ).toBe(10_000);
      const rtp = expectedReturnBp(table);
      expect(rtp, category).toBeGreaterThanOrEqual(9_500);
      expect(rtp, category).toBeLessThanOrEqual(9_800);
    }
    expect(SPORTS_RETURN_BP).toBe(9_500);
  });

  it('draws give the expected return within sampling error; a push is not a valid bet', () => {
    const rng = new Rng('outcomes');
    const stake = 10_000n; // 100.00
    const n = 100_000;
    for (const category of GAME_CATEGORIES) {
      let paid = 0n;
      let sumSq = 0;
      let wrong = 0;
      for (let i = 0; i < n; i++) {
        const r = drawResult(rng, category, stake);
        // A push returns the stake and is no valid bet; anything else is a valid bet of the stake.
        if (r.payout < 0n || (r.validBet === 0n ? r.payout !== stake : r.validBet !== stake)) wrong += 1;
        paid += r.payout;
        sumSq += (Number(r.payout) / Number(stake)) ** 2;
      }
      expect(wrong, category).toBe(0);
      const rtp = Number(paid) / Number(stake) / n;
      const expected = category === 'SPORTS' ? 0.95 : expectedReturnBp(OUTCOMES[category as Exclude<GameCategory, 'SPORTS'>]) / 10_000;
      const sd = Math.sqrt(sumSq / n - rtp * rtp);
      expect(Math.abs(rtp - expected), `${category}: ${rtp} vs ${expected}`).toBeLessThan((4 * sd) / Math.sqrt(n));
      expect(rtp, category).toBeLessThan(1);
    }
  });

  it('each demo provider plays its categories', () => {
    const categories = (code: string) => [...new Set(gamesOf(code).map((g) => g.category))].sort();
    expect(categories('EVO')).toEqual(['LIVE']);
    for (const code of ['PG', 'JILI', 'PP']) expect(categories(code)).toEqual(['FISH', 'SLOT']);
    expect(categories('SABA')).toEqual(['SPORTS']);
    expect(categories('KY')).toEqual(['CARD']);
    expect(categories('NEW')).toEqual(['SLOT']);
    for (const games of Object.values(PROVIDER_GAMES)) for (const g of games) expect(g.code).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
  });
});

describe('stakes', () => {
  it('stay inside the preset, in round steps, mostly near the minimum', () => {
    const rng = new Rng('stakes');
    for (const preset of DEMO_BET_LIMITS) {
      const stakes: bigint[] = [];
      for (let i = 0; i < 5_000; i++) {
        const base = drawStake(rng, preset);
        for (const s of [base, nextStake(rng, base, preset)]) {
          expect(s >= preset.min && s <= preset.max, `${preset.code}: ${s}`).toBe(true);
          expect(s % 100n, `${s} is whole units`).toBe(0n);
        }
        stakes.push(base);
      }
      stakes.sort((a, b) => (a < b ? -1 : 1));
      const median = stakes[stakes.length / 2]!;
      // Below the geometric middle of the range: small stakes are the common ones.
      expect(Number(median) ** 2, preset.code).toBeLessThan(Number(preset.min) * Number(preset.max));
      expect(stakes.at(-1)! > preset.min * 10n, `${preset.code}: some large stakes`).toBe(true);
    }
  });
});

describe('plan of bets', () => {
  const directory: Directory = {
    siteId: 'tw_web',
    providers: [
      { code: 'EVO', secret: 'x', active: true },
      { code: 'PG', secret: 'x', active: true },
      { code: 'SABA', secret: 'x', active: true },
      { code: 'KY', secret: 'x', active: false },
    ],
    players: [
      { accountNo: 'p1', providers: ['EVO', 'PG', 'SABA', 'KY'], limits: [{ min: 1_000n, max: 500_000n }], balance: null },
      { accountNo: 'p2', providers: ['EVO'], limits: [{ min: 5_000n, max: 2_000_000n }], balance: null },
      { accountNo: 'p3', providers: null, limits: [], balance: null },
    ],
  };
  const plan = (seed: string, n: number, o: { historyDays?: number; runId?: string; now?: number } = {}) => {
    const p = new Planner({ directory, seed, historyDays: o.historyDays, rates: DEFAULT_RATES, runId: o.runId ?? 'r', liveDelayMs: 2000 });
    return Array.from({ length: n }, () => p.next(o.now ?? Date.UTC(2026, 10, 21, 8)));
  };

  it('is the same for a seed (ids aside) and different for another', () => {
    const strip = (b: ReturnType<typeof plan>[number]) => ({
      ...b.place,
      betId: '',
      roundId: b.place.roundId.split(':')[0],
      fate: b.fate,
      payout: b.settlement.payout,
    });
    expect(plan('s', 300, { runId: 'a' }).map(strip)).toEqual(plan('s', 300, { runId: 'b' }).map(strip));
    expect(plan('s', 300).map(strip)).not.toEqual(plan('t', 300).map(strip));
    expect(plan('s', 3, { runId: 'run1' }).map((b) => b.place.betId)).toEqual(['run1-1', 'run1-2', 'run1-3']);
  });

  it('history: the decisions do not depend on the clock, only the times do', () => {
    const decisions = (b: ReturnType<typeof plan>[number]) => ({
      player: b.place.playerAccountNo,
      game: b.place.gameCode,
      stake: b.place.betAmount,
      fate: b.fate,
      payout: b.settlement.payout,
    });
    // Hours apart (the evening weighting takes another number of tries) and across a month end.
    const instants = [
      Date.UTC(2026, 10, 24, 3, 59),
      Date.UTC(2026, 10, 24, 15, 5),
      Date.UTC(2026, 10, 30, 16, 1),
      Date.UTC(2026, 11, 31, 23, 30),
    ];
    const plans = instants.map((now) => plan('s', 400, { historyDays: 5, now }));
    for (const p of plans.slice(1)) expect(p.map(decisions)).toEqual(plans[0]!.map(decisions));
    expect(plans[1]!.map((b) => b.place.placedAt)).not.toEqual(plans[0]!.map((b) => b.place.placedAt));
  });

  it('fates follow the rates; stakes follow the player; games follow the provider', () => {
    const bets = plan('rates', 40_000);
    const share = (f: (b: (typeof bets)[number]) => boolean) => bets.filter(f).length / bets.length;
    expect(share((b) => b.fate === 'cancel')).toBeCloseTo(DEFAULT_RATES.cancel, 2);
    expect(share((b) => b.fate === 'open')).toBeCloseTo(DEFAULT_RATES.open, 2);
    expect(share((b) => b.resettlement !== undefined)).toBeCloseTo(DEFAULT_RATES.resettle, 2);
    expect(share((b) => b.replays.has('place'))).toBeCloseTo(DEFAULT_RATES.replay, 2);
    // KY is MAINTAIN: played rarely (weight 0.05 against 1).
    expect(share((b) => b.provider.code === 'KY')).toBeLessThan(0.03);
    for (const b of bets) {
      const player = directory.players.find((p) => p.accountNo === b.place.playerAccountNo)!;
      const range = player.limits[0] ?? { min: 1_000n, max: 500_000n };
      const stake = toMinorUnits(b.place.betAmount);
      expect(stake >= range.min && stake <= range.max).toBe(true);
      expect(gamesOf(b.provider.code).some((g) => g.code === b.place.gameCode && g.category === b.place.gameCategory)).toBe(true);
      if (player.providers && !player.providers.includes(b.provider.code)) expect(player.accountNo).toBe('p2'); // a stray session
    }
    expect(share((b) => b.place.playerAccountNo === 'p2' && b.provider.code !== 'EVO')).toBeGreaterThan(0);
    expect(share((b) => b.place.playerAccountNo === 'p2' && b.provider.code !== 'EVO')).toBeLessThan(0.02);
  });

  it('history: placed over the last days, settled after placing and never after now, resettled later still', () => {
    const now = Date.UTC(2026, 10, 21, 8);
    const bets = plan('history', 5_000, { historyDays: 7, now });
    const hours = new Set<number>();
    for (const b of bets) {
      const placed = Date.parse(b.place.placedAt);
      const settled = Date.parse(b.settlement.settledAt);
      expect(placed).toBeLessThanOrEqual(now - 60_000);
      expect(placed).toBeGreaterThan(now - 8 * 86_400_000);
      expect(settled).toBeGreaterThan(placed);
      expect(settled).toBeLessThanOrEqual(now);
      if (b.resettlement) expect(Date.parse(b.resettlement.settledAt)).toBeGreaterThan(settled);
      hours.add(new Date(placed).getUTCHours());
    }
    expect(hours.size).toBe(24);
    // More bets in the last two days than in the two oldest.
    const recent = bets.filter((b) => Date.parse(b.place.placedAt) > now - 2 * 86_400_000).length;
    const old = bets.filter((b) => Date.parse(b.place.placedAt) < now - 5 * 86_400_000).length;
    expect(recent).toBeGreaterThan(old);
  });

  it('live: placed now, settled when the delay has passed', () => {
    const now = Date.UTC(2026, 10, 21, 8);
    for (const b of plan('live', 200, { now })) {
      expect(Date.parse(b.place.placedAt)).toBe(now);
      const settled = Date.parse(b.settlement.settledAt);
      expect(settled - now).toBeGreaterThanOrEqual(2000);
      expect(settled - now).toBeLessThan(3000);
    }
  });
});

describe('options', () => {
  it('reads CODE=secret lists and players with their providers', () => {
    expect(parseSecrets(['EVO=ab12', 'PG=cd34, SABA = ef56', ''])).toEqual([
      { code: 'EVO', secret: 'ab12', active: true },
      { code: 'PG', secret: 'cd34', active: true },
      { code: 'SABA', secret: 'ef56', active: true },
    ]);
    expect(() => parseSecrets(['EVO'])).toThrow(DirectoryError);
    expect(() => parseSecrets(['=abc'])).toThrow(DirectoryError);
    expect(parsePlayers(['player001=EVO+PG', 'player002'])).toEqual([
      { accountNo: 'player001', providers: ['EVO', 'PG'], limits: [], balance: null },
      { accountNo: 'player002', providers: null, limits: [], balance: null },
    ]);
    expect(() => parsePlayers(['bad player'])).toThrow(DirectoryError);
  });

  it('demo traffic: on by default, off under NODE_ENV=test unless DEMO_TRAFFIC=on; wildcard addresses call loopback', () => {
    expect(demoTrafficWanted({ NODE_ENV: 'development' })).toBe(true);
    expect(demoTrafficWanted({ NODE_ENV: 'test' })).toBe(false);
    expect(demoTrafficWanted({ NODE_ENV: 'test', DEMO_TRAFFIC: 'on' })).toBe(true);
    expect(demoTrafficWanted({ NODE_ENV: 'development', DEMO_TRAFFIC: 'off' })).toBe(false);
    expect(loopbackUrl({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(loopbackUrl({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(loopbackUrl({ address: '127.0.0.1', family: 'IPv4', port: 81 })).toBe('http://127.0.0.1:81');
    expect(() => loopbackUrl('/tmp/socket')).toThrow();
  });

  it('signs like the contract: hex HMAC-SHA256 of `${timestamp}.${body}` under the secret', () => {
    // Computed outside Node: printf '%s' '1764000000000.{…}' | openssl dgst -sha256 -hmac e0c1f2
    expect(signBody('e0c1f2', '1764000000000', '{"siteId":"tw_web","items":[]}')).toBe(
      '149e8857163846203511e708f2e46d3849f547a0b79ec606478a33631218e513',
    );
  });
});

describe('plan of sessions with the wallet', () => {
  it('brings at most the balance, never stakes more than the provider wallet holds, and chains a player’s sessions', () => {
    const directory: Directory = {
      siteId: 'tw_web',
      providers: [{ code: 'EVO', secret: 'x', active: true }],
      players: [
        { accountNo: 'rich', providers: ['EVO'], limits: [{ min: 1_000n, max: 500_000n }], balance: 10_000_000n },
        { accountNo: 'poor', providers: ['EVO'], limits: [{ min: 1_000n, max: 500_000n }], balance: 5_000n },
        { accountNo: 'broke', providers: ['EVO'], limits: [{ min: 1_000n, max: 500_000n }], balance: 500n },
      ],
    };
    const planner = new Planner({ directory, seed: 'wallet', rates: DEFAULT_RATES, runId: 'w', liveDelayMs: 0, wallet: true });
    const sessions = new Map<number, { s: NonNullable<ReturnType<Planner['close']>>; stakes: bigint; payouts: bigint }>();
    for (let i = 0; i < 3_000; i++) {
      const b = planner.next(Date.UTC(2026, 10, 21, 8));
      const t = sessions.get(b.session.no) ?? { s: b.session, stakes: 0n, payouts: 0n };
      t.stakes += b.stake;
      if (b.fate === 'settle') t.payouts += (b.corrected ?? b.result).payout;
      // The provider wallet covers every stake from what was brought and what came back so far.
      expect(t.stakes - t.payouts <= toMinorUnits(b.session.transferOut!.amount)).toBe(true);
      sessions.set(b.session.no, t);
    }
    planner.close();
    const players = new Set([...sessions.values()].map((t) => t.s.player.accountNo));
    expect(players.has('broke')).toBe(false); // cannot cover one stake
    expect(players.has('rich')).toBe(true);
    for (const { s } of sessions.values()) {
      const amount = toMinorUnits(s.transferOut!.amount);
      expect(amount >= s.stake).toBe(true);
      // A player's first session brings at most its starting balance.
      if (!s.prev) expect(amount <= s.player.balance!).toBe(true);
      expect(s.transferOut!.transactionId).toBe(`w-s${s.no}-out`);
      if (s.prev) expect(s.prev.player.accountNo).toBe(s.player.accountNo);
    }
    const richSessions = [...sessions.values()].filter((t) => t.s.player.accountNo === 'rich');
    expect(richSessions.filter((t) => !t.s.prev)).toHaveLength(1);
  });
});

describe('plan of balances when the platform refuses some sessions', () => {
  /**
   * The platform's side of the plan, modelled bet by bet: a session on a provider the player
   * does not have, or on one that is not ACTIVE, is refused whole (no credit moves, its bets are
   * never sent); any other session moves its credit out, its canceled stakes are refunded to the
   * main balance, and what is left at the provider comes back at its end. Every transfer_out the
   * platform would accept must be covered by the balance the platform holds at that moment —
   * otherwise the run meets INSUFFICIENT_BALANCE, which a correct plan never causes.
   */
  it('never plans a transfer_out beyond the real balance, whatever the refused sessions won', () => {
    const directory: Directory = {
      siteId: 'tw_web',
      providers: [
        { code: 'EVO', secret: 'x', active: true },
        { code: 'PG', secret: 'x', active: true },
        { code: 'KY', secret: 'x', active: false },
      ],
      players: ['a', 'b', 'c', 'd'].map((accountNo) => ({
        accountNo,
        providers: ['EVO'],
        limits: [{ min: 1_000n, max: 50_000n }],
        balance: 200_000n,
      })),
    };
    const rates = { ...DEFAULT_RATES, cancel: 0.1, stray: 0.3, inactive: 0.5 };
    for (const seed of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']) {
      const planner = new Planner({ directory, seed, rates, runId: 'x', liveDelayMs: 0, wallet: true });
      const real = new Map(directory.players.map((p) => [p.accountNo, p.balance!]));
      const left = new Map<number, bigint>();
      let refusedSessions = 0;
      let current: ReturnType<Planner['close']>;
      const end = (s: typeof current) => {
        if (s && left.has(s.no)) real.set(s.player.accountNo, real.get(s.player.accountNo)! + left.get(s.no)!);
      };
      for (let i = 0; i < 2_000; i++) {
        let b;
        try {
          b = planner.next(Date.UTC(2026, 10, 21, 8));
        } catch {
          break; // no credit left anywhere: the plan stops, which is allowed
        }
        const s = b.session;
        if (s !== current) {
          end(current);
          current = s;
          const accepted = s.provider.active && s.player.providers!.includes(s.provider.code);
          if (accepted) {
            const amount = toMinorUnits(s.transferOut!.amount);
            expect(amount <= real.get(s.player.accountNo)!, `${seed}: session ${s.no} of ${s.player.accountNo}`).toBe(true);
            real.set(s.player.accountNo, real.get(s.player.accountNo)! - amount);
            left.set(s.no, amount);
          } else refusedSessions += 1;
        }
        if (!left.has(s.no)) continue;
        left.set(s.no, left.get(s.no)! - b.stake + (b.fate === 'settle' ? (b.corrected ?? b.result).payout : 0n));
        if (b.fate === 'cancel') real.set(s.player.accountNo, real.get(s.player.accountNo)! + b.stake);
      }
      expect(refusedSessions, seed).toBeGreaterThan(10);
    }
  });
});
