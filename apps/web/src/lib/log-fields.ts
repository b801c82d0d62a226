import type { TFunction } from 'i18next';
import { localized, type Locale, type LogTarget } from '@agent-bo/shared';

/**
 * What the fields of an operation log's before/after mean, for showing them to a person: each key
 * the server writes (core/oplog.ts and its callers, the credit and pull-back postings) with the
 * kind of its value. The log page and an account's history drawer both read it (through
 * components/log-change.tsx), so a field reads the same on both. Labels are `log:change.fields.<key>`.
 */

/** How a value is shown. */
export type LogValueKind =
  /** A decimal money string, with separators and two decimals. */
  | 'money'
  /** A whole number (points, stock, counts), with separators. */
  | 'count'
  /** A share ratio ("45.00" → "45.00%"). */
  | 'percent'
  /** true/false as translated words. */
  | 'flag'
  /** A status or other code with a translated word (`log:change.values.<code>`), else the code. */
  | 'word'
  /** An account id (LOG_ACCOUNT_ID_KEYS): its account number, linking to the member screen. */
  | 'account'
  /** An account number. */
  | 'accountNo'
  /**
   * The id of a record that is not an account (a role, a game, an image): its name from the row's
   * `names` (the shared `logRefKind` says which kind of record), an image as a picture; `#12` when
   * the record is gone or has no kind.
   */
  | 'ref'
  /** A list of codes, as tags. */
  | 'list'
  /** A list of ids (an order, a module's games), as tags of their names, as `ref`; a long list shortened. */
  | 'refs'
  /** Permission codes, as tags with their labels in the caller's language. */
  | 'permissions'
  /** The agent level number, as its level name. */
  | 'level'
  /** A game tag number (0 none, 1 hot, 2 new, 3 recommended). */
  | 'gameTag'
  /** Game category codes (`LIVE`, `SLOT`), as tags with their names in the caller's language. */
  | 'gameCategories'
  /** A text in every language (or one string): the caller's language. */
  | 'localized'
  /** A long text in every language: the caller's language, cut short (whole in its tooltip). */
  | 'longText'
  /** A fingerprint of a long text: only whether it changed. */
  | 'digest'
  /** A record logged whole (a role created, changed or deleted): its fields, labelled in turn. */
  | 'record'
  /** Plain text. */
  | 'text';

export interface LogFieldDef {
  kind: LogValueKind;
  /**
   * The record a row is about (a provider, a game, a role): shown also when unchanged, so a
   * reader knows which one the other lines are about.
   */
  context?: boolean;
}

const f = (kind: LogValueKind, context = false): LogFieldDef => (context ? { kind, context } : { kind });

export const LOG_FIELDS = {
  // accounts: creation, edit, status, move, verification, password, invitation
  accountNo: f('accountNo'),
  nickName: f('text'),
  parentId: f('account'),
  parentAccountNo: f('accountNo'),
  lvl: f('level'),
  ratio: f('percent'),
  providers: f('list'),
  betLimits: f('list'),
  permissions: f('permissions'),
  narrowedBelow: f('count'),
  via: f('word'),
  handoffRevealed: f('ref'),
  reset: f('flag'),
  // Issue 33: a forgotten password asked for (UPPER, sms, email), a request answered or dismissed,
  // a reset by code (`by` its channel), a proved phone or e-mail added or removed.
  resetRequested: f('word'),
  resetRequest: f('word'),
  by: f('word'),
  sms: f('text'),
  email: f('text'),
  // Issue 33: an account's address allow-list set, changed or removed (null: none of its own).
  addressList: f('list'),
  self: f('flag'),
  inviteCode: f('text'),
  isDisabled: f('flag'),
  isFullDisabled: f('flag'),
  isFullReadonly: f('flag'),
  disabledBy: f('accountNo'),
  fullDisabledBy: f('accountNo'),
  fullReadonlyBy: f('accountNo'),
  verifyStatus: f('word'),
  realName: f('text'),
  phone: f('text'),
  memo: f('text'),
  bound: f('flag'),
  agentId: f('account'),
  agentAccountNo: f('accountNo'),
  ownerId: f('account'),
  // credit, relief, pull-back
  balance: f('money'),
  operatorBalance: f('money'),
  amount: f('money'),
  position: f('money'),
  transactionId: f('text'),
  providerCode: f('text', true),
  providerTransactionId: f('text'),
  // roles and grants
  roles: f('refs'),
  codes: f('permissions'),
  roleCreated: f('record'),
  roleUpdated: f('record'),
  roleDeleted: f('record'),
  role: f('ref', true),
  holders: f('count'),
  // Issue 33: two-step verification turned on or off by the account, reset by an upper agent; a
  // role that requires it of its holders.
  secondFactor: f('flag'),
  secondFactorReset: f('flag'),
  requireTwoFactor: f('flag'),
  // Issue 33: an upper agent ended an account's sessions (how many); the site's sign-in security.
  sessionsEnded: f('count'),
  twoFactorRequired: f('flag'),
  handoffPasswordHours: f('count'),
  // providers
  provider: f('text', true),
  site: f('text', true),
  status: f('word'),
  offered: f('flag'),
  secretSet: f('flag'),
  secretRotatedAt: f('text'),
  endpoint: f('text'),
  // material: games, categories, modules
  game: f('ref', true),
  code: f('text', true),
  names: f('localized', true),
  name: f('localized', true),
  description: f('longText'),
  imageId: f('ref'),
  categoryId: f('ref'),
  tag: f('gameTag', true),
  sort: f('count'),
  visible: f('flag'),
  games: f('refs'),
  order: f('refs'),
  module: f('ref', true),
  title: f('localized', true),
  layout: f('word'),
  startAt: f('text'),
  endAt: f('text'),
  moduleOrder: f('refs'),
  category: f('ref', true),
  providerCategories: f('gameCategories'),
  providerCategory: f('gameCategories'),
  icon: f('ref'),
  categoryOrder: f('refs'),
  // content
  id: f('ref', true),
  type: f('word'),
  bodyDigest: f('digest'),
  popOrder: f('count'),
  version: f('count'),
  pops: f('refs'),
  // store and points
  storeCategory: f('ref', true),
  storeCategoryOrder: f('refs'),
  storeGoods: f('ref', true),
  price: f('count'),
  stock: f('count'),
  perPlayerLimit: f('count'),
  images: f('refs'),
  pointsPer100: f('count'),
  storeOrder: f('ref', true),
  shippingNote: f('text'),
  stockRestored: f('count'),
  pointsRefunded: f('count'),
  points: f('count'),
} as const satisfies Record<string, LogFieldDef>;

export type LogFieldKey = keyof typeof LOG_FIELDS;

/**
 * An account id key and the key of the account number the server writes beside it: the number is
 * shown through the id's link, so its own line is left out.
 */
export const ACCOUNT_NO_BESIDE: Readonly<Record<string, string>> = { parentId: 'parentAccountNo', agentId: 'agentAccountNo' };

export function logField(key: string): LogFieldDef | undefined {
  return Object.hasOwn(LOG_FIELDS, key) ? LOG_FIELDS[key as LogFieldKey] : undefined;
}

/** A key no label knows, readable: `maxDailyCount` → "Max daily count", `site_id` → "Site id". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Same value? (JSON text; the log's values are JSON.) */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** One line of a change: a field with its value before and after (absent on the side without it). */
export interface LogChangeLine {
  key: string;
  before?: { value: unknown };
  after?: { value: unknown };
}

/**
 * The lines of a change: every field whose value differs, every field on one side only, and the
 * context fields (which record) even when unchanged; in the order the server wrote them. An
 * account number written beside its id (`parentAccountNo` by `parentId`) is left to the id's line.
 * Before/after that are not objects give one line keyed `''` (shown without a label).
 */
export function changeLines(before: unknown, after: unknown): LogChangeLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    const has = (v: unknown) => v !== null && v !== undefined;
    if (!has(before) && !has(after)) return [];
    if (has(before) && has(after) && sameValue(before, after)) return [];
    return [{ key: '', ...(has(before) ? { before: { value: before } } : {}), ...(has(after) ? { after: { value: after } } : {}) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const hidden = new Set<string>();
  for (const [id, no] of Object.entries(ACCOUNT_NO_BESIDE)) if (id in b || id in a) hidden.add(no);
  const lines: LogChangeLine[] = [];
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (hidden.has(key)) continue;
    const hasB = key in b;
    const hasA = key in a;
    const changed = !(hasB && hasA) || !sameValue(b[key], a[key]);
    if (!changed && !logField(key)?.context) continue;
    if (!changed) {
      lines.push({ key, after: { value: a[key] } });
      continue;
    }
    lines.push({ key, ...(hasB ? { before: { value: b[key] } } : {}), ...(hasA ? { after: { value: a[key] } } : {}) });
  }
  // Context first: "Provider: PG · Status: Active → Maintenance".
  return [...lines.filter((l) => logField(l.key)?.context), ...lines.filter((l) => !logField(l.key)?.context)];
}

/** The account number written beside an id key in the same before/after, if any. */
export function accountNoBeside(doc: unknown, key: string): string | undefined {
  const beside = ACCOUNT_NO_BESIDE[key];
  if (!beside || !isRecord(doc)) return undefined;
  const v = doc[beside];
  return typeof v === 'string' && v ? v : undefined;
}

/**
 * What a log row is about when it is not an account, in words: "Goods 水壺", "Activity Summer
 * cup", "Games (3)", "Recommend order: Hot". The name is the one the row was written with, in the
 * reader's language (zh_TW when that one is empty); a record without one reads as its id. The log
 * page's target column and its CSV both read it.
 */
export function logTargetText(target: LogTarget, t: TFunction, locale: Locale): { label: string; name: string } {
  const params =
    target.kind === 'gameTagOrder'
      ? { tag: t(`log:change.gameTags.${String(target.id)}`, { defaultValue: String(target.id) }) }
      : { n: target.count ?? 0 };
  const label = t(`log:targets.${target.kind}`, { ...params, defaultValue: humanizeKey(target.kind) });
  if (target.kind === 'gameTagOrder' || target.kind === 'games') return { label, name: '' };
  const name = target.name ? localized(target.name, locale) : '';
  return { label, name: name || (target.id === null ? '' : target.kind === 'provider' ? String(target.id) : `#${String(target.id)}`) };
}

/** `logTargetText` as one line of text (the CSV's target column). */
export function logTargetLine(target: LogTarget, t: TFunction, locale: Locale): string {
  const { label, name } = logTargetText(target, t, locale);
  return name ? `${label} ${name}` : label;
}
