/**
 * Shares of one settled bet along its agent chain (docs/REPORTS.md).
 *
 * A player with agent path [A0, A1, …, An] (A0 the admin) has the chain links (A0, A1), …,
 * (An−1, An), (An, player). For each link (ancestor, child), with the ratios r (basis points) fixed
 * at settlement and a player's ratio taken as 0:
 *
 *   house         = −winLoss                         (what the house side won)
 *   S(r)          = house × r / 10000, truncated toward zero (integer minor units)
 *   childShare    = S(r_child)                        (0 for a player)
 *   ancestorShare = S(r_ancestor) − S(r_child)        (the ratio difference)
 *   upper share   = house − S(r_ancestor)             (derived, not stored)
 *
 * Taking the difference of truncated cumulative shares (rather than truncating the difference)
 * makes the parts of a chain add up exactly: the admin (100 %) gets S(10000) = house, so the
 * upper share of the admin's link is exactly 0 and no rounding residue shows in any report.
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
    const childShare = shareOf(house, rChild);
    out.push({ ancestorId, childId, childShare, ancestorShare: shareOf(house, rAncestor) - childShare });
  }
  return out;
}

/** The upper share of a link: what is left of the house result above the ancestor. */
export function upperShare(winLoss: bigint, link: Pick<LinkShare, 'childShare' | 'ancestorShare'>): bigint {
  return -winLoss - link.childShare - link.ancestorShare;
}
