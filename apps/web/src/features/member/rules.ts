import { ratioToBasisPoints, ratioSchema, type RestrictionSetter, type StatusAction, type UserInfo } from '@agent-bo/shared';

/**
 * The member screen's rules on the client. The server enforces every one of them again; these
 * only decide what the screen shows.
 */

/** The flags of user info and of every row. */
interface Restricted {
  isDisabled: boolean;
  isFullDisabled: boolean;
  isFullReadonly: boolean;
  inheritedFullDisabled?: boolean;
  inheritedFullReadonly?: boolean;
  /** Who set each own restriction, and whether the viewer may lift it (rows of the lists). */
  disabledBy?: RestrictionSetter | null;
  fullDisabledBy?: RestrictionSetter | null;
  fullReadonlyBy?: RestrictionSetter | null;
}

/**
 * May this user create or edit anything (spec §4)? Not a shadow, not disabled, not fully
 * disabled, not fully read-only (user info flags are effective: own or inherited), and loaded.
 */
export function canWrite(
  user: Pick<UserInfo, 'isShadow' | 'isDisabled' | 'isFullDisabled' | 'isFullReadonly'> | null | undefined,
): boolean {
  if (!user) return false;
  return !user.isShadow && !user.isDisabled && !user.isFullDisabled && !user.isFullReadonly;
}

/** Restrictions that hold for a row, own first then inherited; empty means the account is active. */
export type RestrictionTag = 'disabled' | 'fullDisabled' | 'fullReadonly' | 'inheritedFullDisabled' | 'inheritedFullReadonly';

export function restrictionTags(row: Restricted): RestrictionTag[] {
  const tags: RestrictionTag[] = [];
  if (row.isDisabled) tags.push('disabled');
  if (row.isFullDisabled) tags.push('fullDisabled');
  if (row.isFullReadonly) tags.push('fullReadonly');
  if (row.inheritedFullDisabled) tags.push('inheritedFullDisabled');
  if (row.inheritedFullReadonly) tags.push('inheritedFullReadonly');
  return tags;
}

/** An account is shown disabled if any restriction holds, own or inherited (PRODUCT.md §3). */
export function isShownDisabled(row: Restricted): boolean {
  return restrictionTags(row).length > 0;
}

/** The own restrictions of a row with who set them, in the order of the status tags. */
export function restrictionSetters(row: Restricted): { tag: 'disabled' | 'fullDisabled' | 'fullReadonly'; setter: RestrictionSetter }[] {
  const out: { tag: 'disabled' | 'fullDisabled' | 'fullReadonly'; setter: RestrictionSetter }[] = [];
  if (row.isDisabled && row.disabledBy) out.push({ tag: 'disabled', setter: row.disabledBy });
  if (row.isFullDisabled && row.fullDisabledBy) out.push({ tag: 'fullDisabled', setter: row.fullDisabledBy });
  if (row.isFullReadonly && row.fullReadonlyBy) out.push({ tag: 'fullReadonly', setter: row.fullReadonlyBy });
  return out;
}

/**
 * The status actions that apply to a row: each own flag can be set or lifted. A restriction set
 * above the viewer is not the viewer's to lift (the server refuses it), so its lift is not
 * offered. Inherited restrictions are lifted on the ancestor that imposes them, so they offer
 * nothing here. Shadows have a sign-in switch only.
 */
export function statusActionsFor(row: Restricted, kind: 'agent' | 'player' | 'shadow'): StatusAction[] {
  const liftable = (setter: RestrictionSetter | null | undefined) => setter?.liftable !== false;
  const actions: StatusAction[] = [];
  if (!row.isDisabled) actions.push('DISABLE');
  else if (liftable(row.disabledBy)) actions.push('ACTIVE');
  if (kind === 'shadow') return actions;
  if (!row.isFullDisabled) actions.push('FULLY_DISABLE');
  else if (liftable(row.fullDisabledBy)) actions.push('FULLY_ACTIVE');
  if (!row.isFullReadonly) actions.push('FULLY_READ_ONLY');
  else if (liftable(row.fullReadonlyBy)) actions.push('FULLY_READ_ONLY_CANCEL');
  return actions;
}

/** Actions that lift a restriction (shown as the safe kind of button). */
export function isLifting(action: StatusAction): boolean {
  return action === 'ACTIVE' || action === 'FULLY_ACTIVE' || action === 'FULLY_READ_ONLY_CANCEL';
}

/**
 * Validation of a share ratio entered in the wizard: the shared format, then never above the
 * parent's. Returns an i18n key of the `validation` namespace, or null when valid. Compared in
 * basis points: no floating point.
 */
export function ratioError(value: string | undefined, parentRatio: string | null): string | null {
  if (value === undefined || value.trim() === '') return 'ratio.required';
  const parsed = ratioSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'ratio.format';
  if (parentRatio !== null && ratioToBasisPoints(parsed.data) > ratioToBasisPoints(parentRatio)) return 'ratio.aboveParent';
  return null;
}

/** The text placed on the clipboard for an account's copy info. */
export function copyInfoText(
  info: { url: string; nickName: string; accountNo: string; pwd: string | null },
  labels: { url: string; nickName: string; accountNo: string; pwd: string },
): string {
  // No address when the site's game client is not configured (a player's copy info): no empty line.
  const lines = [
    ...(info.url ? [`${labels.url}: ${info.url}`] : []),
    `${labels.nickName}: ${info.nickName}`,
    `${labels.accountNo}: ${info.accountNo}`,
  ];
  if (info.pwd !== null) lines.push(`${labels.pwd}: ${info.pwd}`);
  return lines.join('\n');
}

/** Wizard steps (0-based) and the form fields each one validates before "next". */
export type WizardKind = 'agent' | 'player';
export type WizardMode = 'create' | 'edit';

export function stepFields(kind: WizardKind, mode: WizardMode, step: number): string[] {
  switch (step) {
    case 0:
      return mode === 'create' ? ['accountNo', 'nickName', 'password'] : ['nickName'];
    case 1:
      return kind === 'agent' ? ['ratio'] : [];
    case 2:
      return ['providers'];
    case 3:
      return ['betLimits'];
    default:
      return [];
  }
}

export const WIZARD_STEPS = 5;
