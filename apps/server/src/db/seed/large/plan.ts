/**
 * Sizes of the large-scale seed (issue 6): a tree of agents in five levels under the site's admin,
 * players under the agents, and bets over a number of business days.
 */
export const SCALES = ['tiny', 'small', 'medium', 'large'] as const;
export type Scale = (typeof SCALES)[number];

export interface ScalePlan {
  /** Direct children per agent at each agent level 1..5 (level 1: children of the admin). */
  fanOut: [number, number, number, number, number];
  players: number;
  bets: number;
  days: number;
}

/**
 * large: 10 + 60 + 480 + 2,400 + 7,200 = 10,150 agents, 100,000 players, 10 million bets over 90
 * days — the figures of issue 6. The smaller scales keep the five levels and the shape.
 */
export const PLANS: Record<Scale, ScalePlan> = {
  tiny: { fanOut: [2, 2, 2, 2, 2], players: 120, bets: 3_000, days: 10 },
  small: { fanOut: [3, 3, 4, 4, 3], players: 2_000, bets: 100_000, days: 30 },
  medium: { fanOut: [5, 6, 6, 5, 3], players: 20_000, bets: 1_000_000, days: 90 },
  large: { fanOut: [10, 6, 8, 5, 3], players: 100_000, bets: 10_000_000, days: 90 },
};

/** mulberry32: a small deterministic generator, so `--seed` reproduces the same data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
