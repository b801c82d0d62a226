import { PERMISSION_CODES } from '@agent-bo/shared';
import type { ScalePlan } from './plan.js';

/** One account of the generated tree, with its id already reserved from the accounts sequence. */
export interface SeedAccount {
  id: number;
  kind: 'AGENT' | 'PLAYER';
  parentId: number | null;
  lvl: number;
  /** Ancestor ids, root first (the admin's is empty). */
  path: number[];
  accountNo: string;
  ratio: number;
  permissions: readonly string[];
  providers: string[];
  betLimits: string[];
}

export interface SeedTree {
  admin: SeedAccount;
  /** Agents by level: agents[0] holds level 1. */
  agents: SeedAccount[][];
  players: SeedAccount[];
  /** Every account, parents before children (the COPY order). */
  all: SeedAccount[];
}

const AGENT_GRANTS = PERMISSION_CODES.filter((c) => c !== 'DEVELOPER' && c !== 'SITE_PROVIDER');

/** Drops each entry with probability `p`, keeping at least the first; the order is kept. */
function narrow(list: readonly string[], p: number, random: () => number): string[] {
  const kept = list.filter((_, i) => i === 0 || random() >= p);
  return kept.length ? kept : [list[0]!];
}

/**
 * The admin, five levels of agents (each agent has `fanOut[level-1]` children, give or take one),
 * and the players spread over the agents, mostly at the deepest levels (70 % under level 5,
 * 20 % level 4, 8 % level 3, 2 % level 2). Ratios narrow down the chain (a child 1–8 % below its
 * parent, in 0.5 % steps); providers and bet limits are subsets of the parent's.
 *
 * `ids` are the reserved account ids, used in order; `prefix` starts every account number.
 */
export function buildTree(
  plan: ScalePlan,
  ids: number[],
  providers: readonly string[],
  betLimits: readonly string[],
  prefix: string,
  random: () => number,
): SeedTree {
  let next = 0;
  const takeId = () => {
    const id = ids[next++];
    if (id === undefined) throw new Error('not enough reserved account ids');
    return id;
  };
  const admin: SeedAccount = {
    id: takeId(),
    kind: 'AGENT',
    parentId: null,
    lvl: 0,
    path: [],
    accountNo: `${prefix}admin01`,
    ratio: 10_000,
    permissions: PERMISSION_CODES,
    providers: [...providers],
    betLimits: [...betLimits],
  };
  const all: SeedAccount[] = [admin];
  const agents: SeedAccount[][] = [];
  let parents = [admin];
  let agentNo = 0;
  for (let level = 1; level <= 5; level++) {
    const row: SeedAccount[] = [];
    const fan = plan.fanOut[level - 1] ?? 1;
    for (const parent of parents) {
      // ±1 child around the plan (at least one), so subtrees are not all the same size.
      const n = Math.max(1, fan + Math.floor(random() * 3) - 1);
      for (let k = 0; k < n; k++) {
        const drop = level === 1 ? 850 + 50 * Math.floor(random() * 20) : 100 + 50 * Math.floor(random() * 15);
        const a: SeedAccount = {
          id: takeId(),
          kind: 'AGENT',
          parentId: parent.id,
          lvl: level,
          path: [...parent.path, parent.id],
          accountNo: `${prefix}a${String(++agentNo).padStart(6, '0')}`,
          ratio: Math.max(0, parent.ratio - drop),
          permissions: AGENT_GRANTS,
          providers: narrow(parent.providers, 0.08, random),
          betLimits: narrow(parent.betLimits, 0.1, random),
        };
        row.push(a);
        all.push(a);
      }
    }
    agents.push(row);
    parents = row;
  }
  const players: SeedAccount[] = [];
  for (let n = 0; n < plan.players; n++) {
    const u = random();
    const level = u < 0.7 ? 5 : u < 0.9 ? 4 : u < 0.98 ? 3 : 2;
    const pool = agents[level - 1]!;
    const parent = pool[Math.floor(random() * pool.length)]!;
    const p: SeedAccount = {
      id: takeId(),
      kind: 'PLAYER',
      parentId: parent.id,
      lvl: level + 1,
      path: [...parent.path, parent.id],
      accountNo: `${prefix}p${String(n + 1).padStart(7, '0')}`,
      ratio: 0,
      permissions: [],
      providers: narrow(parent.providers, 0.2, random),
      betLimits: narrow(parent.betLimits, 0.2, random),
    };
    players.push(p);
    all.push(p);
  }
  return { admin, agents, players, all };
}

/** How many ids `buildTree` may take at most for `plan` (the fan-out can grow by one per agent). */
export function maxAccounts(plan: ScalePlan): number {
  let total = 1;
  let width = 1;
  for (const fan of plan.fanOut) {
    width *= fan + 1;
    total += width;
  }
  return total + plan.players;
}
