import { z } from 'zod';
import { accountIdSchema, accountNoSchema, newPasswordSchema } from './auth.js';
import { moneyStringSchema } from './money.js';
import { pageSchema } from './envelope.js';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from './enums.js';
import { PERMISSION_CODES } from './permissions.js';
import { textPerLocaleSchema } from './localized-text.js';

/**
 * Agents, players and shadows (PRODUCT.md §3). Every request schema is strict: an unknown
 * field is refused, so a typo never silently does nothing.
 */

/** A display name: trimmed, 1 to 32 characters (the forms check it with the same schema). */
export const nickNameSchema = z.string().trim().min(1, { message: 'nickName.required' }).max(32, { message: 'nickName.max' });

/** A share ratio: 0–100 with at most two decimals, as a string ("45.50"). */
export const RATIO_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
export const ratioSchema = z
  .string()
  .trim()
  .regex(RATIO_PATTERN, { message: 'ratio.format' })
  .refine((v) => Number.parseFloat(v) <= 100, { message: 'ratio.max' });

/** Ratio string ⇄ integer basis points (0–10000), without floating point arithmetic. */
export function ratioToBasisPoints(ratio: string): number {
  const [whole = '0', fraction = ''] = ratio.split('.');
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction.padEnd(2, '0') || '0', 10);
}
export function basisPointsToRatio(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

export const providerCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,20}$/, { message: 'provider.code' });
export const betLimitCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,20}$/, { message: 'betLimit.code' });

export const STATUS_ACTIONS = ['ACTIVE', 'DISABLE', 'FULLY_ACTIVE', 'FULLY_DISABLE', 'FULLY_READ_ONLY', 'FULLY_READ_ONLY_CANCEL'] as const;
export const statusActionSchema = z.enum(STATUS_ACTIONS);
export type StatusAction = z.infer<typeof statusActionSchema>;

/** List filter on restrictions: NORMAL = none holds; DISABLED = any holds (own or inherited). */
export const STATUS_FILTERS = ['NORMAL', 'DISABLED', 'FULL_DISABLED', 'FULL_READONLY'] as const;

export const VERIFY_STATUSES = ['UNSUBMITTED', 'PENDING', 'VERIFIED', 'REJECTED'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

const pageSizeSchema = z.literal(PAGE_SIZES);
export const pagingSchema = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
};
const sortOrderSchema = z.enum(['asc', 'desc']).default('desc');

/**
 * Who set an own restriction (PRODUCT.md §3): the setter's account number, and whether the
 * caller may lift it — only the setter or an account above it may.
 */
export const restrictionSetterSchema = z.object({ accountNo: z.string(), liftable: z.boolean() });
export type RestrictionSetter = z.infer<typeof restrictionSetterSchema>;

/** Restriction flags as shown: own flags plus what an ancestor imposes. */
export const restrictionSchema = z.object({
  isDisabled: z.boolean(),
  isFullDisabled: z.boolean(),
  isFullReadonly: z.boolean(),
  /** Who set each own restriction; null while it does not hold. */
  disabledBy: restrictionSetterSchema.nullable(),
  fullDisabledBy: restrictionSetterSchema.nullable(),
  fullReadonlyBy: restrictionSetterSchema.nullable(),
  /** A restriction inherited from an ancestor (fully disabled or fully read-only above). */
  inheritedFullDisabled: z.boolean(),
  inheritedFullReadonly: z.boolean(),
});

export const idRequestSchema = z.strictObject({ id: accountIdSchema });
export type IdRequest = z.infer<typeof idRequestSchema>;

// ---- lists ---------------------------------------------------------------------------------

export const AGENT_SORT_FIELDS = ['accountNo', 'nickName', 'createdAt', 'balance', 'ratio', 'lastLoginAt'] as const;
export const lowerAgentsRequestSchema = z.strictObject({
  /** Whose direct agents to list; default: the caller (a shadow: its owner). */
  parentId: accountIdSchema.optional(),
  ...pagingSchema,
  accountNo: z.string().trim().max(12).optional(),
  nickName: z.string().trim().max(32).optional(),
  status: z.enum(STATUS_FILTERS).optional(),
  sortField: z.enum(AGENT_SORT_FIELDS).default('createdAt'),
  sortOrder: sortOrderSchema,
});
export type LowerAgentsRequest = z.input<typeof lowerAgentsRequestSchema>;

export const agentRowSchema = restrictionSchema.extend({
  id: accountIdSchema,
  parentId: accountIdSchema,
  accountNo: z.string(),
  nickName: z.string(),
  lvl: z.number().int(),
  ratio: z.string(),
  balance: moneyStringSchema,
  childAgents: z.number().int(),
  childPlayers: z.number().int(),
  providers: z.array(z.string()),
  betLimits: z.array(z.string()),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AgentRow = z.infer<typeof agentRowSchema>;
export const agentPageSchema = pageSchema(agentRowSchema);

export const PLAYER_SORT_FIELDS = ['accountNo', 'nickName', 'createdAt', 'balance', 'lastLoginAt'] as const;
export const playerListRequestSchema = z.strictObject({
  parentId: accountIdSchema.optional(),
  ...pagingSchema,
  accountNo: z.string().trim().max(12).optional(),
  nickName: z.string().trim().max(32).optional(),
  status: z.enum(STATUS_FILTERS).optional(),
  verifyStatus: z.enum(VERIFY_STATUSES).optional(),
  sortField: z.enum(PLAYER_SORT_FIELDS).default('createdAt'),
  sortOrder: sortOrderSchema,
});
export type PlayerListRequest = z.input<typeof playerListRequestSchema>;

export const playerRowSchema = restrictionSchema.extend({
  id: accountIdSchema,
  parentId: accountIdSchema,
  accountNo: z.string(),
  nickName: z.string(),
  balance: moneyStringSchema,
  verifyStatus: z.enum(VERIFY_STATUSES),
  registered: z.boolean(),
  providers: z.array(z.string()),
  betLimits: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;
export const playerPageSchema = pageSchema(playerRowSchema);

export const shadowListRequestSchema = z.strictObject({
  ...pagingSchema,
  accountNo: z.string().trim().max(12).optional(),
  nickName: z.string().trim().max(32).optional(),
  status: z.enum(STATUS_FILTERS).optional(),
});
export type ShadowListRequest = z.input<typeof shadowListRequestSchema>;
export const shadowRowSchema = restrictionSchema.extend({
  id: accountIdSchema,
  accountNo: z.string(),
  nickName: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type ShadowRow = z.infer<typeof shadowRowSchema>;
export const shadowPageSchema = pageSchema(shadowRowSchema);

// ---- create and edit ---------------------------------------------------------------------

export const agentCreateRequestSchema = z.strictObject({
  /** The new agent's parent; default the caller. Must be the caller or inside its subtree. */
  parentId: accountIdSchema.optional(),
  accountNo: accountNoSchema,
  nickName: nickNameSchema,
  password: newPasswordSchema,
  ratio: ratioSchema,
  providers: z.array(providerCodeSchema).max(100),
  betLimits: z.array(betLimitCodeSchema).max(50),
});
export type AgentCreateRequest = z.infer<typeof agentCreateRequestSchema>;

export const playerCreateRequestSchema = z.strictObject({
  parentId: accountIdSchema.optional(),
  accountNo: accountNoSchema,
  nickName: nickNameSchema,
  password: newPasswordSchema,
  providers: z.array(providerCodeSchema).max(100),
  betLimits: z.array(betLimitCodeSchema).max(50),
});
export type PlayerCreateRequest = z.infer<typeof playerCreateRequestSchema>;

export const shadowCreateRequestSchema = z.strictObject({
  accountNo: accountNoSchema,
  nickName: nickNameSchema,
  password: newPasswordSchema,
  permissions: z.array(z.enum(PERMISSION_CODES)).max(PERMISSION_CODES.length).default([]),
});
export type ShadowCreateRequest = z.input<typeof shadowCreateRequestSchema>;

export const agentChangeInfoRequestSchema = z.strictObject({
  id: accountIdSchema,
  nickName: nickNameSchema.optional(),
  ratio: ratioSchema.optional(),
  providers: z.array(providerCodeSchema).max(100).optional(),
  betLimits: z.array(betLimitCodeSchema).max(50).optional(),
});
export type AgentChangeInfoRequest = z.infer<typeof agentChangeInfoRequestSchema>;

export const playerChangeInfoRequestSchema = z.strictObject({
  id: accountIdSchema,
  nickName: nickNameSchema.optional(),
  providers: z.array(providerCodeSchema).max(100).optional(),
  betLimits: z.array(betLimitCodeSchema).max(50).optional(),
});
export type PlayerChangeInfoRequest = z.infer<typeof playerChangeInfoRequestSchema>;

/** The caller's own nickname and password. A new password needs the current one. */
export const ownChangeInfoRequestSchema = z
  .strictObject({
    nickName: nickNameSchema.optional(),
    oldPassword: z.string().min(1).max(128).optional(),
    newPassword: newPasswordSchema.optional(),
  })
  .refine((v) => !v.newPassword || v.oldPassword, { message: 'password.oldRequired', path: ['oldPassword'] });
export type OwnChangeInfoRequest = z.infer<typeof ownChangeInfoRequestSchema>;

export const changeStatusRequestSchema = z.strictObject({ id: accountIdSchema, action: statusActionSchema });
export type ChangeStatusRequest = z.infer<typeof changeStatusRequestSchema>;

export const moveRequestSchema = z.strictObject({ id: accountIdSchema, newParentId: accountIdSchema });
export type MoveRequest = z.infer<typeof moveRequestSchema>;

export const permissionGrantRequestSchema = z.strictObject({
  id: accountIdSchema,
  permissions: z.array(z.enum(PERMISSION_CODES)).max(PERMISSION_CODES.length),
});
export type PermissionGrantRequest = z.infer<typeof permissionGrantRequestSchema>;

// ---- copy info, account numbers, chain, providers, limits ----------------------------------

/**
 * `pwd` is present only while the one-time hand-off is unexpired and unused, and only for a caller
 * who may write to the account; otherwise null. `pwdWithheld`: the caller may not write (a shadow,
 * a restricted caller), so it is never shown a password, whether a hand-off exists or not.
 */
export const copyInfoSchema = z.object({
  url: z.string(),
  nickName: z.string(),
  accountNo: z.string(),
  pwd: z.string().nullable(),
  pwdWithheld: z.boolean(),
});
export type CopyInfo = z.infer<typeof copyInfoSchema>;

export const inviteUrlSchema = z.object({ url: z.string() });
export const checkAccountNoRequestSchema = z.strictObject({ accountNo: accountNoSchema });
export const checkAccountNoResponseSchema = z.object({ available: z.boolean() });
export const suggestedAccountNoSchema = z.object({ accountNo: z.string() });

export const upperAgentSchema = z.object({ id: accountIdSchema, accountNo: z.string(), nickName: z.string(), lvl: z.number().int() });
export type UpperAgent = z.infer<typeof upperAgentSchema>;

export const providerOptionSchema = z.object({ code: z.string(), name: z.string(), status: z.string(), enabled: z.boolean() });
export type ProviderOption = z.infer<typeof providerOptionSchema>;

export const betLimitPresetSchema = z.object({ code: z.string(), name: z.string(), min: moneyStringSchema, max: moneyStringSchema });
export type BetLimitPreset = z.infer<typeof betLimitPresetSchema>;

// ---- registration and verification --------------------------------------------------------

export const registerRequestSchema = z.strictObject({
  inviteCode: z.string().trim().min(6).max(64),
  accountNo: accountNoSchema,
  nickName: nickNameSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const submitVerifyRequestSchema = z.strictObject({
  accountNo: accountNoSchema,
  password: z.string().min(1).max(128),
  realName: z.string().trim().min(1).max(64),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, { message: 'phone.format' }),
});
export type SubmitVerifyRequest = z.infer<typeof submitVerifyRequestSchema>;

export const verifyRequestSchema = z.strictObject({
  id: accountIdSchema,
  approve: z.boolean(),
  memo: z.string().trim().max(200).optional(),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const verificationSchema = z.object({
  status: z.enum(VERIFY_STATUSES),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

// ---- history ---------------------------------------------------------------------------------

export const historyRequestSchema = z.strictObject({ id: accountIdSchema, ...pagingSchema });
export const historyRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  operatorAccountNo: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** As the operation log's: account numbers of the ids under LOG_ACCOUNT_ID_KEYS. */
  accounts: z.record(z.string(), z.string()).optional(),
  /** As the operation log's: the names of the other records whose ids before/after hold. */
  names: z.record(z.string(), textPerLocaleSchema).optional(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;
export const historyPageSchema = pageSchema(historyRowSchema);

// ---- responses added by the server (additive) ----------------------------------------------

/** `player/register` answers with the new account number; the player waits for verification. */
export const registerResponseSchema = z.object({ accountNo: z.string(), verifyStatus: z.enum(VERIFY_STATUSES) });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
/** `player/submit_verify` answers with the new verification state (PENDING). */
export const submitVerifyResponseSchema = z.object({ verifyStatus: z.enum(VERIFY_STATUSES) });

// ---- an agent's own bounds (added by the web side) ------------------------------------------

/**
 * `POST agent/limits` ({id}; the caller's own id allowed, like `agent/providers`): the share
 * ratio, providers and bet-limit codes an agent holds, i.e. what accounts created under it are
 * bounded by. The wizard needs them at the caller's own level, where no row of the caller is
 * listed (user info carries none of them). The web app falls back gracefully while the
 * endpoint is absent.
 */
export const agentLimitsSchema = z.object({
  ratio: z.string(),
  providers: z.array(z.string()),
  betLimits: z.array(z.string()),
});
export type AgentLimits = z.infer<typeof agentLimitsSchema>;
