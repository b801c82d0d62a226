/**
 * Level label of an account (spec §3, PRODUCT.md §3): 0 admin; 1 the level-1 (general) agent;
 * above 1 the n-th agent with n = lvl − 1; shadow accounts are labelled separately.
 * Returns an i18n key of the `dashboard` namespace and its parameters.
 */
export function levelLabel(lvl: number, isShadow = false): { key: string; params?: { n: number } } {
  if (isShadow) return { key: 'levels.shadow' };
  if (lvl <= 0) return { key: 'levels.admin' };
  if (lvl === 1) return { key: 'levels.general' };
  return { key: 'levels.nth', params: { n: lvl - 1 } };
}
