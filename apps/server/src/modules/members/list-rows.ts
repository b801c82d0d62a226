import type { VerifyStatus, RestrictionSetter } from '@agent-bo/shared';
import { formatDateTime } from '../../lib/dates.js';

/**
 * What the member lists and the member history answer: the page around the rows, a list row as
 * its statement returns it (list-statements.ts) and the columns every list row maps to alike.
 * A file of their own: every list kind and the history use them, and they need no statement.
 */

export type Page<T> = { page: number; pageSize: number; total: number; list: T[] };

/** Raw list row (snake_case from SQL). */
export type RawRow = {
  id: number;
  parent_id: number;
  account_no: string;
  nick_name: string;
  lvl: number;
  ratio: number;
  balance: string;
  providers: string[];
  bet_limits: string[];
  permissions: string[];
  verify_status: VerifyStatus;
  registered: boolean;
  is_disabled: boolean;
  is_full_disabled: boolean;
  is_full_readonly: boolean;
  disabled_by: RestrictionSetter | null;
  full_disabled_by: RestrictionSetter | null;
  full_readonly_by: RestrictionSetter | null;
  inh_fd: boolean;
  inh_fr: boolean;
  child_agents: number;
  child_players: number;
  created_at: Date | string;
  last_login_at: Date | string | null;
};

export const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** What every member list row carries: identity, restrictions (own and inherited) and dates. */
export function commonRow(r: RawRow, tz: string) {
  return {
    id: r.id,
    accountNo: r.account_no,
    nickName: r.nick_name,
    createdAt: formatDateTime(asDate(r.created_at), tz),
    lastLoginAt: r.last_login_at ? formatDateTime(asDate(r.last_login_at), tz) : null,
    isDisabled: r.is_disabled,
    isFullDisabled: r.is_full_disabled,
    isFullReadonly: r.is_full_readonly,
    disabledBy: r.disabled_by,
    fullDisabledBy: r.full_disabled_by,
    fullReadonlyBy: r.full_readonly_by,
    inheritedFullDisabled: r.inh_fd,
    inheritedFullReadonly: r.inh_fr,
  };
}
