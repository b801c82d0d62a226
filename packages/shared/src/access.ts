/**
 * A permission requirement: nothing (allowed), one code or code expression, or a list of
 * which any one suffices. An expression combines codes with `||` (any) or `&&` (all), as in
 * `ACTIVITY_READ||ACTIVITY_WRITE` (spec §5).
 */
export type PermissionRequirement = string | readonly string[] | undefined;

/** True when `held` satisfies `required` (spec §5 permission check). */
export function satisfies(required: PermissionRequirement, held: ReadonlySet<string> | readonly string[]): boolean {
  if (required === undefined || required === '') return true;
  const codes = held instanceof Set ? held : new Set(held as readonly string[]);
  if (typeof required !== 'string') {
    return required.length === 0 || required.some((item) => satisfies(item, codes));
  }
  if (required.includes('||')) return required.split('||').some((part) => satisfies(part.trim(), codes));
  if (required.includes('&&')) return required.split('&&').every((part) => satisfies(part.trim(), codes));
  return codes.has(required.trim());
}
