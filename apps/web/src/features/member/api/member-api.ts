import type {
  AgentChangeInfoRequest,
  AgentCreateRequest,
  AgentLimits,
  AgentRow,
  BetLimitPreset,
  ChangeStatusRequest,
  CreditRequest,
  CreditResult,
  ReliefRule,
  OwnChangeInfoRequest,
  CopyInfo,
  Page,
  HistoryRow,
  LowerAgentsRequest,
  MoveRequest,
  PermissionGrantRequest,
  PlayerChangeInfoRequest,
  PlayerCreateRequest,
  PlayerListRequest,
  PlayerRow,
  ProviderOption,
  ResetRequestList,
  ShadowCreateRequest,
  ShadowListRequest,
  ShadowRow,
  UpperAgent,
  UserInfo,
  Verification,
  VerifyRequest,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';
import type { RequestOptions } from '../../../lib/api-client';

export type AccountKind = 'agent' | 'player' | 'shadow';

const M = '/manage';

export const memberApi = {
  /** User info of an account inside the caller's subtree (the level being viewed). */
  accountInfo: (id: number, signal?: AbortSignal) => api.post<UserInfo>(`${M}/userinfo`, { id }, { signal }),
  lowerAgents: (body: LowerAgentsRequest, signal?: AbortSignal) =>
    api.post<Page<AgentRow>>(`${M}/agent/lower_agents`, compact(body), { signal }),
  players: (body: PlayerListRequest, signal?: AbortSignal) => api.post<Page<PlayerRow>>(`${M}/player/list`, compact(body), { signal }),
  shadows: (body: ShadowListRequest, signal?: AbortSignal) => api.post<Page<ShadowRow>>(`${M}/shadow/list`, compact(body), { signal }),

  // The wizard shows its own failures (in the review step, or on the account field).
  createAgent: (body: AgentCreateRequest) =>
    api.post<CopyInfo>(`${M}/agent/create`, compact(body), { successMessage: true, errorMessageMode: 'none' }),
  createPlayer: (body: PlayerCreateRequest) =>
    api.post<CopyInfo>(`${M}/player/create`, compact(body), { successMessage: true, errorMessageMode: 'none' }),
  createShadow: (body: ShadowCreateRequest) => api.post<CopyInfo>(`${M}/shadow/create`, compact(body), { successMessage: true }),

  changeAgentInfo: (body: AgentChangeInfoRequest) =>
    api.post<unknown>(`${M}/agent/change_account_info`, body, { successMessage: true, errorMessageMode: 'none' }),
  changePlayerInfo: (body: PlayerChangeInfoRequest) =>
    api.post<unknown>(`${M}/player/change_account_info`, body, { successMessage: true, errorMessageMode: 'none' }),

  changeOwnInfo: (body: OwnChangeInfoRequest) => api.post<unknown>(`${M}/change_account_info`, compact(body), { successMessage: true }),
  changeStatus: (kind: AccountKind, body: ChangeStatusRequest) =>
    api.post<unknown>(`${M}/${kind}/change_status`, body, { successMessage: true }),
  move: (body: MoveRequest) => api.post<unknown>(`${M}/agent/move`, body, { successMessage: true }),

  copyInfo: (kind: AccountKind, id: number) => api.post<CopyInfo>(`${M}/${kind}/copy_info`, { id }),
  copyInviteUrl: (id: number) => api.post<{ url: string }>(`${M}/agent/copy_invite_url`, { id }),
  checkAccountNo: (accountNo: string, options?: RequestOptions) =>
    api.post<{ available: boolean }>(`${M}/agent/check_account_no`, { accountNo }, { errorMessageMode: 'none', ...options }),
  upperAgents: (id: number, signal?: AbortSignal) => api.post<UpperAgent[]>(`${M}/agent/upper_agents`, { id }, { signal }),
  suggestAccountNo: (kind: 'agent' | 'player') =>
    api.get<{ accountNo: string }>(`${M}/${kind}/create_account_no`, { errorMessageMode: 'none' }),
  /** An agent's own ratio, providers and bet limits (contract addition; may be absent on older servers). */
  limits: (id: number, signal?: AbortSignal) => api.post<AgentLimits>(`${M}/agent/limits`, { id }, { signal, errorMessageMode: 'none' }),
  providers: (id: number, signal?: AbortSignal) => api.post<ProviderOption[]>(`${M}/agent/providers`, { id }, { signal }),
  betLimits: (signal?: AbortSignal) => api.get<BetLimitPreset[]>(`${M}/bet_limits`, { signal }),

  resetPassword: (kind: AccountKind, id: number) => api.post<CopyInfo>(`${M}/${kind}/reset_password`, { id }, { successMessage: true }),
  /** Removes a staff account's second factor (it enrols again); a refusal (none set up) is toasted. */
  resetSecondFactor: (kind: 'agent' | 'shadow', id: number) =>
    api.post<null>(`${M}/${kind}/reset_second_factor`, { id }, { successMessage: true }),
  verification: (id: number, signal?: AbortSignal) => api.post<Verification>(`${M}/player/verification`, { id }, { signal }),
  verify: (body: VerifyRequest) => api.post<unknown>(`${M}/player/verify`, compact(body), { successMessage: true }),
  changePermissions: (kind: 'agent' | 'shadow', body: PermissionGrantRequest) =>
    api.post<unknown>(`${M}/${kind}/change_permissions`, body, { successMessage: true }),
  history: (kind: AccountKind, body: { id: number; page: number; pageSize: number }, signal?: AbortSignal) =>
    api.post<Page<HistoryRow>>(`${M}/${kind}/history`, body, { signal }),

  /**
   * Credit moves with a direct child (recharge, withdraw, poor = relief). The dialog shows the
   * failure itself; the idempotency key travels in the Idempotency-Key header.
   */
  credit: (
    kind: 'agent' | 'player',
    op: 'recharge' | 'withdraw' | 'poor',
    body: Omit<CreditRequest, 'idempotencyKey'>,
    idempotencyKey: string,
  ) =>
    api.post<CreditResult>(`${M}/${kind}/${op}`, compact(body), {
      errorMessageMode: 'none',
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  reliefRule: (signal?: AbortSignal) => api.get<ReliefRule>(`${M}/ledger/relief_rule`, { signal }),

  /**
   * Open "forgot password" requests of accounts inside the caller's subtree (empty for a caller
   * who may not write). The badge that shows them is an aside of the screen: a failed read hides
   * it rather than toasting.
   */
  resetRequests: (signal?: AbortSignal) =>
    api.post<ResetRequestList>(`${M}/member/reset_requests`, {}, { signal, errorMessageMode: 'none' }),
  /** Turns a request down; answering it is a password reset (`resetPassword`), which closes it. */
  dismissResetRequest: (id: number) => api.post<null>(`${M}/member/reset_requests/dismiss`, { id }),
};

export const memberKeys = {
  all: ['member'] as const,
  agents: (q: unknown) => ['member', 'agents', q] as const,
  players: (q: unknown) => ['member', 'players', q] as const,
  shadows: (q: unknown) => ['member', 'shadows', q] as const,
  account: (id: number) => ['member', 'account', id] as const,
  upper: (id: number) => ['member', 'upper', id] as const,
  providers: (id: number) => ['member', 'providers', id] as const,
  betLimits: ['member', 'betLimits'] as const,
  limits: (id: number) => ['member', 'limits', id] as const,
  history: (kind: AccountKind, id: number, page: number, pageSize: number) => ['member', 'history', kind, id, page, pageSize] as const,
  verification: (id: number) => ['member', 'verification', id] as const,
  reliefRule: ['member', 'reliefRule'] as const,
  resetRequests: ['member', 'resetRequests'] as const,
};
