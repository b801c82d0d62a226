/** Enumerations named by the specification (§3). */
export const ACCOUNT_KINDS = ['AGENT', 'PLAYER'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const LOG_TYPES = ['OPERATION', 'CASH', 'RATIO'] as const;
export type LogType = (typeof LOG_TYPES)[number];

export const LOG_ACTION_CODES = [
  'AGENT_CREATE',
  'SHADOW_CREATE',
  'PLAYER_CREATE',
  'PLAYER_REGISTER',
  'PLAYER_MODIFY',
  'SUBMIT_VERIFY',
  'PWD_CHANGE',
  'ACTIVE',
  'FULLY_ACTIVE',
  'DISABLE',
  'FULLY_DISABLE',
  'FULLY_READ_ONLY',
  'FULLY_READ_ONLY_CANCEL',
  'VERIFY',
  'MOVE_USER',
  'POOR_USER',
  'RATIO_LOG',
  'REFUND',
  'RECHARGE',
  'WITHDRAW',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'OPERATION',
  'CABINET',
] as const;
export type LogActionCode = (typeof LOG_ACTION_CODES)[number];

export const ENTITY_STATUSES = ['ACTIVE', 'DISABLE', 'MAINTAIN'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

export const CONTENT_TYPES = ['ACTIVITY', 'ANNOUNCEMENT', 'BROADCAST'] as const;
export const SETTLEMENT_STATUSES = ['Settled', 'Unsettled', 'Canceled', 'Superseded'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
/** Game categories a provider reports with each bet (dashboard share by category). */
export const GAME_CATEGORIES = ['LIVE', 'SLOT', 'FISH', 'SPORTS', 'CARD', 'LOTTERY'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
export const REDEMPTION_TYPES = ['GetByValidBet', 'PointsStore'] as const;
export const PUBLISH_STATUSES = ['Published', 'Draft'] as const;
export const SHIPPING_STATUSES = ['Unshipped', 'Shipped'] as const;
/** Game tag: 0 none, 1 hot, 2 new game, 3 recommended. */
export const GAME_TAGS = [0, 1, 2, 3] as const;

/** Page sizes of every server-paged table (spec §9). */
export const PAGE_SIZES = [10, 50, 80, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
