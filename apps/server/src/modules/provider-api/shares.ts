/**
 * Shares of one settled bet along its agent chain (docs/REPORTS.md).
 *
 * A player with agent path [A0, A1, …, An] (A0 the admin) has the chain links (A0, A1), …,
 * (An−1, An), (An, player). For each link (ancestor, child), with the ratios r (basis points) fixed
 * at settlement and a player's ratio taken as 0:
 *
 *   house         = −winLoss                         (what the house side won)
 *   childShare    = house × r_child / 10000           (0 for a player)
 *   ancestorShare = house × (r_ancestor − r_child) / 10000
 *   upper share   = house − childShare − ancestorShare (derived, not stored)
 *
 * Integer arithmetic on minor units, each division truncated toward zero, per bet.
 */

export interface LinkShare {
  ancestorId: number;
  childId: number;
  childShare: bigint;
  ancestorShare: bigint;
}

/** House result × ratio / 10000, truncated toward zero (BigInt division truncates). */
export function shareOf(house: bigint, ratioBp: number): bigint {
  return (house * BigInt(ratioBp)) / 10000n;
}

/**
 * One entry per chain link of a bet. `ratios[i]` is the ratio of `agentPath[i]`.
 */
export function chainShares(agentPath: readonly number[], ratios: readonly number[], playerId: number, winLoss: bigint): LinkShare[] {
  const house = -winLoss;
  const out: LinkShare[] = [];
  for (let i = 0; i < agentPath.length; i++) {
    const ancestorId = agentPath[i]!;
    const last = i === agentPath.length - 1;
    const childId = last ? playerId : agentPath[i + 1]!;
    const rAncestor = ratios[i] ?? 0;
    const rChild = last ? 0 : (ratios[i + 1] ?? 0);
    out.push({ ancestorId, childId, childShare: shareOf(house, rChild), ancestorShare: shareOf(house, rAncestor - rChild) });
  }
  return out;
}

/** The upper share of a link: what is left of the house result above the ancestor. */
export function upperShare(winLoss: bigint, link: Pick<LinkShare, 'childShare' | 'ancestorShare'>): bigint {
  return -winLoss - link.childShare - link.ancestorShare;
}
