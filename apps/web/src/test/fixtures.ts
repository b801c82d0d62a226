import type { UserInfo } from '@agent-bo/shared';

/** The demo site's admin as user info; tests override what they need. */
export function adminUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    lvl: 0,
    kind: 'AGENT',
    nickName: 'Administrator',
    accountNo: 'admin001',
    siteId: 'tw_web',
    isShadow: false,
    isDisabled: false,
    isFullDisabled: false,
    isFullReadonly: false,
    homePath: '/dashboard',
    roles: [],
    permission: { permissions: [{ code: 'MOVE_USER' }] },
    ...overrides,
  };
}
