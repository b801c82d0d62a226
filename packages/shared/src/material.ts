import { z } from 'zod';
import { dateTimeSchema, imageIdSchema, localizedTextSchema, publishStatusSchema } from './content.js';
import { ENTITY_STATUSES, GAME_CATEGORIES, GAME_TAGS } from './enums.js';
import { gameCategorySchema } from './provider-api.js';
import { LOCALES } from './locales.js';
import { textPerLocaleSchema } from './localized-text.js';
import { pagingSchema } from './members.js';
import { SITE_IDS } from './sites.js';

/**
 * Game lobby material (PRODUCT.md §6, `/material`): the site's game categories, its games (the
 * providers' catalogue plus the operator's own edits), the recommend tags and the lobby modules.
 *
 * - Games come from the providers (`games/sync`, a signed provider call); the operator edits
 *   display names, image, category, tag, status, sort and lobby visibility, and a re-push never
 *   touches those. A game the provider stops listing becomes unavailable, never deleted.
 * - A game's status in the lobby is the stricter of the operator's, the provider's own status for
 *   the game and the provider's status on the site: DISABLE over MAINTAIN over ACTIVE.
 * - Saves carry the `version` they read; a stale one is MATERIAL_VERSION_STALE.
 */

export const MATERIAL_NAME_MAX = 60;
export const GAME_CODE_MAX = 64;
/** At most this many games in one catalogue push. */
export const GAME_SYNC_MAX = 2_000;
/** At most this many ids in one bulk change or sort. */
export const MATERIAL_IDS_MAX = 500;
/** At most this many games in one lobby module. */
export const MODULE_GAMES_MAX = 100;

export const CATEGORY_STATUSES = ['ACTIVE', 'DISABLE'] as const;
export const categoryStatusSchema = z.enum(CATEGORY_STATUSES);
export type CategoryStatus = z.infer<typeof categoryStatusSchema>;
export const gameStatusSchema = z.enum(ENTITY_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;
/** 0 none, 1 hot, 2 new game, 3 recommended (spec). */
export const gameTagSchema = z.union(
  GAME_TAGS.map((t) => z.literal(t)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
);
export type GameTag = z.infer<typeof gameTagSchema>;
/** How the game client lays a module out. */
export const MODULE_LAYOUTS = ['carousel', 'grid', 'list'] as const;
export const moduleLayoutSchema = z.enum(MODULE_LAYOUTS);
export type ModuleLayout = z.infer<typeof moduleLayoutSchema>;
/**
 * What the lobby makes of a game: ACTIVE is playable, MAINTAIN shown as under maintenance,
 * DISABLE not shown, UNAVAILABLE no longer listed by its provider (bets still name it).
 */
export const GAME_LOBBY_STATES = ['ACTIVE', 'MAINTAIN', 'DISABLE', 'UNAVAILABLE'] as const;
export const gameLobbyStateSchema = z.enum(GAME_LOBBY_STATES);
export type GameLobbyState = z.infer<typeof gameLobbyStateSchema>;

const idSchema = z.number().int().min(1).max(2_147_483_647);
const versionSchema = z.number().int().min(1);
const idsSchema = z.array(idSchema).min(1).max(MATERIAL_IDS_MAX);
/** A whole percent with up to two decimals, 0–100, as text: "96.5", "97.25". */
export const rtpSchema = z.string().regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, { message: 'rtp.format' });
const providerCodeSchema = z.string().trim().min(1).max(16);

// ---------------------------------------------------------------------------------------------
// The providers' catalogue push (provider API, signed).

export const gameSyncItemSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1)
    .max(GAME_CODE_MAX)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'game.code' }),
  /** The provider's names; a missing locale falls back to zh_TW, then to the code. */
  names: z
    .strictObject({
      zh_TW: z.string().trim().max(100).optional(),
      en: z.string().trim().max(100).optional(),
      th: z.string().trim().max(100).optional(),
      vi: z.string().trim().max(100).optional(),
    })
    .default({}),
  category: gameCategorySchema,
  rtp: rtpSchema.optional(),
  thumbnailUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, { message: 'url.format' })
    .optional(),
  status: gameStatusSchema.default('ACTIVE'),
});
export type GameSyncItem = z.input<typeof gameSyncItemSchema>;

/** The provider's whole list for the site: games it no longer lists become UNAVAILABLE. */
export const gameSyncRequestSchema = z
  .strictObject({
    siteId: z.enum(SITE_IDS),
    games: z.array(gameSyncItemSchema).max(GAME_SYNC_MAX),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.games.forEach((g, i) => {
      if (seen.has(g.code.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['games', i, 'code'], message: 'game.code.duplicate' });
      seen.add(g.code.toLowerCase());
    });
  });
export type GameSyncRequest = z.input<typeof gameSyncRequestSchema>;

export const gameSyncResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Listed before, missing from this push: now UNAVAILABLE. */
  delisted: z.number().int(),
});
export type GameSyncResult = z.infer<typeof gameSyncResultSchema>;

// ---------------------------------------------------------------------------------------------
// Categories.

export const categoryListRequestSchema = z.strictObject({
  ...pagingSchema,
  /** Matches any locale's name, case-insensitively. */
  name: z.string().trim().max(MATERIAL_NAME_MAX).optional(),
  status: categoryStatusSchema.optional(),
});
export type CategoryListRequest = z.input<typeof categoryListRequestSchema>;

export const categorySchema = z.object({
  id: idSchema,
  name: textPerLocaleSchema,
  iconImageId: z.string().nullable(),
  iconUrl: z.string().nullable(),
  sort: z.number().int(),
  status: categoryStatusSchema,
  /** Provider categories whose games fall here unless the operator chose another category. */
  providerCategories: z.array(gameCategorySchema),
  gameCount: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(categorySchema),
});
export type CategoryList = z.infer<typeof categoryListSchema>;

export const categorySaveRequestSchema = z
  .strictObject({
    id: idSchema.optional(),
    version: versionSchema.optional(),
    name: localizedTextSchema(MATERIAL_NAME_MAX),
    iconImageId: imageIdSchema.nullable().default(null),
    sort: z.number().int().min(0).max(1_000_000).default(0),
    status: categoryStatusSchema.default('ACTIVE'),
    providerCategories: z.array(gameCategorySchema).max(GAME_CATEGORIES.length).default([]),
  })
  .superRefine(requireNameAndVersion);
export type CategorySaveRequest = z.input<typeof categorySaveRequestSchema>;

function requireNameAndVersion(
  value: { id?: number; version?: number; name?: { zh_TW: string }; title?: { zh_TW: string } },
  ctx: z.RefinementCtx,
) {
  const text = value.name ?? value.title;
  if (text && !text.zh_TW) ctx.addIssue({ code: 'custom', path: [value.name ? 'name' : 'title', 'zh_TW'], message: 'name.required' });
  if (value.id !== undefined && value.version === undefined)
    ctx.addIssue({ code: 'custom', path: ['version'], message: 'version.required' });
}

export const materialDeleteRequestSchema = z.strictObject({ id: idSchema, version: versionSchema });
export type MaterialDeleteRequest = z.input<typeof materialDeleteRequestSchema>;
export const materialSavedSchema = z.object({ id: idSchema, version: z.number().int() });
export type MaterialSaved = z.infer<typeof materialSavedSchema>;

/** A new order: these ids take positions 0, 1, 2…; the others keep their relative order after them. */
export const materialSortRequestSchema = z.strictObject({ ids: idsSchema });
export type MaterialSortRequest = z.input<typeof materialSortRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Games.

export const GAME_SORT_FIELDS = ['sort', 'code', 'provider', 'updatedAt'] as const;

export const gameListRequestSchema = z.strictObject({
  ...pagingSchema,
  providerCode: providerCodeSchema.optional(),
  categoryId: idSchema.optional(),
  tag: gameTagSchema.optional(),
  status: gameStatusSchema.optional(),
  /** Only games the provider no longer lists (true) or only listed ones (false). */
  unavailable: z.boolean().optional(),
  /** Matches the code or any locale's name (the operator's or the provider's). */
  text: z.string().trim().max(100).optional(),
  sortBy: z.enum(GAME_SORT_FIELDS).default('sort'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type GameListRequest = z.input<typeof gameListRequestSchema>;

export const gameSchema = z.object({
  id: idSchema,
  providerCode: z.string(),
  code: z.string(),
  /** The operator's display names (empty: the provider's names are shown). */
  names: textPerLocaleSchema,
  providerNames: textPerLocaleSchema,
  imageId: z.string().nullable(),
  /** The operator's image, else the provider's thumbnail, else null. */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  categoryId: idSchema.nullable(),
  /** The category the lobby files it under: the chosen one, else the one mapping its provider category. */
  effectiveCategoryId: idSchema.nullable(),
  providerCategory: gameCategorySchema,
  rtp: z.string().nullable(),
  tag: gameTagSchema,
  status: gameStatusSchema,
  providerStatus: gameStatusSchema,
  listed: z.boolean(),
  lobbyState: gameLobbyStateSchema,
  sort: z.number().int(),
  visible: z.boolean(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

export const gameListSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(gameSchema),
});
export type GameList = z.infer<typeof gameListSchema>;

export const gameSaveRequestSchema = z.strictObject({
  id: idSchema,
  version: versionSchema,
  names: localizedTextSchema(100),
  imageId: imageIdSchema.nullable().default(null),
  categoryId: idSchema.nullable().default(null),
  tag: gameTagSchema.default(0),
  status: gameStatusSchema,
  sort: z.number().int().min(0).max(1_000_000).default(0),
  visible: z.boolean().default(true),
});
export type GameSaveRequest = z.input<typeof gameSaveRequestSchema>;

export const gameBulkStatusRequestSchema = z.strictObject({ ids: idsSchema, status: gameStatusSchema });
export type GameBulkStatusRequest = z.input<typeof gameBulkStatusRequestSchema>;
export const gameBulkTagRequestSchema = z.strictObject({ ids: idsSchema, tag: gameTagSchema });
export type GameBulkTagRequest = z.input<typeof gameBulkTagRequestSchema>;
/** How many of the ids changed (0: the grid says "data unchanged"). */
export const gameBulkResultSchema = z.object({ changed: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Recommend management: per tag, the ordered games carrying it.

export const tagGamesRequestSchema = z.strictObject({ tag: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
export type TagGamesRequest = z.input<typeof tagGamesRequestSchema>;
export const tagSortRequestSchema = z.strictObject({ tag: z.union([z.literal(1), z.literal(2), z.literal(3)]), ids: idsSchema });
export type TagSortRequest = z.input<typeof tagSortRequestSchema>;
export const tagGamesSchema = z.array(gameSchema);

// ---------------------------------------------------------------------------------------------
// Module management: ordered lobby modules of games.

export const moduleListRequestSchema = z.strictObject({
  ...pagingSchema,
  title: z.string().trim().max(MATERIAL_NAME_MAX).optional(),
  status: publishStatusSchema.optional(),
});
export type ModuleListRequest = z.input<typeof moduleListRequestSchema>;

export const lobbyModuleSchema = z.object({
  id: idSchema,
  title: textPerLocaleSchema,
  layout: moduleLayoutSchema,
  status: publishStatusSchema,
  /** Site wall-clock `YYYY-MM-DD HH:mm:ss`, or null: no bound. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  sort: z.number().int(),
  gameIds: z.array(idSchema),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type LobbyModule = z.infer<typeof lobbyModuleSchema>;

export const moduleListSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(lobbyModuleSchema),
});
export type ModuleList = z.infer<typeof moduleListSchema>;

export const moduleDetailSchema = z.object({ module: lobbyModuleSchema, games: z.array(gameSchema) });
export type ModuleDetail = z.infer<typeof moduleDetailSchema>;

export const moduleSaveRequestSchema = z
  .strictObject({
    id: idSchema.optional(),
    version: versionSchema.optional(),
    title: localizedTextSchema(MATERIAL_NAME_MAX),
    layout: moduleLayoutSchema.default('grid'),
    status: publishStatusSchema.default('Draft'),
    startAt: dateTimeSchema.nullable().default(null),
    endAt: dateTimeSchema.nullable().default(null),
    sort: z.number().int().min(0).max(1_000_000).default(0),
    /** In lobby order; each game once. */
    gameIds: z.array(idSchema).max(MODULE_GAMES_MAX).default([]),
  })
  .superRefine(requireNameAndVersion)
  .superRefine((value, ctx) => {
    if (value.startAt && value.endAt && value.startAt >= value.endAt)
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'range.order' });
  });
export type ModuleSaveRequest = z.input<typeof moduleSaveRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The game client's lobby (public).

export const lobbyGameSchema = z.object({
  id: idSchema,
  providerCode: z.string(),
  code: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  categoryId: idSchema.nullable(),
  tag: gameTagSchema,
  /** MAINTAIN: shown, not playable. */
  state: z.enum(['ACTIVE', 'MAINTAIN']),
});
export type LobbyGame = z.infer<typeof lobbyGameSchema>;

export const lobbySchema = z.object({
  locale: z.enum(LOCALES),
  categories: z.array(z.object({ id: idSchema, name: z.string(), iconUrl: z.string().nullable() })),
  /** Every game the lobby shows, in the operator's order. */
  games: z.array(lobbyGameSchema),
  modules: z.array(z.object({ id: idSchema, title: z.string(), layout: moduleLayoutSchema, gameIds: z.array(idSchema) })),
  /** Per tag (1 hot, 2 new, 3 recommended) the games carrying it, in recommend order. */
  tags: z.object({ hot: z.array(idSchema), new: z.array(idSchema), recommended: z.array(idSchema) }),
});
export type Lobby = z.infer<typeof lobbySchema>;

// ---------------------------------------------------------------------------------------------
// Choices for the editors: categories and providers (game editor), a game search (module editor).

export const materialOptionsSchema = z.object({
  categories: z.array(z.object({ id: idSchema, name: textPerLocaleSchema, status: categoryStatusSchema })),
  providers: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type MaterialOptions = z.infer<typeof materialOptionsSchema>;

export const MATERIAL_GAME_SEARCH_MAX = 20;
export const materialGameSearchRequestSchema = z.strictObject({
  text: z.string().trim().max(100).default(''),
  providerCode: providerCodeSchema.optional(),
});
export type MaterialGameSearchRequest = z.input<typeof materialGameSearchRequestSchema>;
