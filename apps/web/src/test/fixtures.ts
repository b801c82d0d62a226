import type { DashboardOverview, UserInfo } from '@agent-bo/shared';

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

/** The demo admin's dashboard overview (small counts); tests override what they need. */
export function dashboardOverview(overrides: Partial<DashboardOverview> = {}): DashboardOverview {
  return {
    accountNo: 'admin001',
    nickName: 'Administrator',
    lvl: 0,
    isShadow: false,
    balance: '10',
    directAgents: 1,
    directPlayers: 1,
    subtreeAgents: 1,
    subtreePlayers: 1,
    lastLoginAt: null,
    lastLoginIp: null,
    ...overrides,
  };
}
