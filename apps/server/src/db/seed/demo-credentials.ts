/**
 * Demo credentials (demo mode only: embedded database, NODE_ENV not production). Every site has
 * this admin, and every demo account (agents, shadows, players) shares this password.
 * README, tests and end-to-end specs take them from here.
 */
export const DEMO_CREDENTIALS = {
  accountNo: 'admin001',
  password: 'Demo1234',
} as const;
