import { sql } from 'drizzle-orm';
import {
  imageUrl,
  type Locale,
  type PlayerOrderList,
  type PlayerPoints,
  type PlayerPointsHistory,
  type PlayerSigninResponse,
  type PublicGoods,
} from '@agent-bo/shared';
import { resolveAccount } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ThrottleConfig } from '../../config.js';
import { findAccountByNo } from '../account/index.js';
import { clearAccountFailures, readThrottle, recordFailure, throttleKeys } from '../auth/index.js';
import { readPage } from './common.js';
import { entryColumns, entryFrom, orderColumns, orderCountFrom, orderFrom, toEntry, toOrder } from './orders.js';
import { toPlayerOrder, type Player } from './redeem.js';

/**
 * The game client's players (PRODUCT.md §6): sign-in with account number and password — the
 * back office's argon2id hashes and its throttle (the same counters, so guessing through either
 * door counts once) — and a short-lived token of its own, stored in `player_sessions`. The back
 * office's authentication never reads that table and this one never reads `sessions`, so neither
 * token opens the other side.
 */

/** Player tokens start with this, so a token pasted into the wrong client is recognisable in logs. */
const TOKEN_PREFIX = 'pt_';

export async function signinPlayer(
  db: Db,
  input: { siteId: string; accountNo: string; password: string; ip: string },
  options: { ttlMinutes: number; throttle: ThrottleConfig; sleep: (ms: number) => Promise<void>; now: Date },
): Promise<PlayerSigninResponse> {
  const keys = throttleKeys(input.siteId, input.accountNo, input.ip);
  const state = await readThrottle(db, keys, options.throttle);
  if (state.lockedSeconds > 0) throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
  if (state.delayMs > 0) await options.sleep(state.delayMs);

  const account = await findAccountByNo(db, input.siteId as never, input.accountNo);
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyHash()), input.password);
  // Unknown, wrong password and staff accounts: one answer, as the back office's sign-in gives.
  if (!account || !passwordOk || account.kind !== 'PLAYER') {
    await recordFailure(db, keys, options.throttle);
    throw new AppError('INVALID_CREDENTIALS');
  }
  // Only after a correct password does the answer say why a player may not play.
  const resolved = await resolveAccount(db, account);
  if (resolved.isDisabled || resolved.isFullDisabled || resolved.isFullReadonly) throw new AppError('PLAYER_RESTRICTED');
  if (account.verifyStatus !== 'VERIFIED') throw new AppError('PLAYER_UNVERIFIED');

  await clearAccountFailures(db, keys);
  const token = TOKEN_PREFIX + newToken();
  const expiresAt = new Date(options.now.getTime() + options.ttlMinutes * 60_000);
  await db.execute(sql`
    insert into player_sessions (token_hash, player_id, site_id, expires_at, ip)
    values (${hashToken(token)}, ${account.id}, ${input.siteId}, ${expiresAt.toISOString()}::timestamptz, ${input.ip})`);
  return { token, expiresIn: options.ttlMinutes * 60, accountNo: account.accountNo, nickName: account.nickName };
}

/**
 * The player of a bearer token on this site: UNAUTHORIZED for a missing, unknown, expired or
 * revoked token, another site's, or a staff token; PLAYER_RESTRICTED when the player (or an
 * ancestor) has been restricted since signing in.
 */
export async function authenticatePlayer(db: Db, siteId: string, header: string | undefined, now: Date): Promise<Player> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token.startsWith(TOKEN_PREFIX)) throw new AppError('UNAUTHORIZED');
  const res = await db.execute<{ session_id: number; player_id: number }>(sql`
    select s.id as session_id, s.player_id from player_sessions s
     where s.token_hash = ${hashToken(token)} and s.site_id = ${siteId} and s.revoked_at is null
       and s.expires_at > ${now.toISOString()}::timestamptz`);
  const row = res.rows[0];
  if (!row) throw new AppError('UNAUTHORIZED');
  const account = await db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.id, row.player_id) });
  if (!account || account.kind !== 'PLAYER') throw new AppError('UNAUTHORIZED');
  const resolved = await resolveAccount(db, account);
  if (resolved.isDisabled || resolved.isFullDisabled || resolved.isFullReadonly) throw new AppError('PLAYER_RESTRICTED');
  return { id: account.id, siteId, accountNo: account.accountNo, sessionId: row.session_id };
}

export async function signoutPlayer(db: Db, player: Player): Promise<null> {
  await db.execute(sql`update player_sessions set revoked_at = now() where id = ${player.sessionId} and revoked_at is null`);
  return null;
}

/** The site's published goods of active categories, in store order, in the caller's language. */
export async function publishedGoods(db: Db, siteId: string, locale: Locale): Promise<PublicGoods[]> {
  const res = await db.execute<{
    id: number;
    category_id: number;
    category_name: Record<string, string>;
    name: Record<string, string>;
    description: Record<string, string>;
    image_ids: string[];
    price: number;
    stock: number;
    per_player_limit: number | null;
  }>(sql`
    select g.id, g.category_id, c.name as category_name, g.name, g.description, g.image_ids, g.price, g.stock, g.per_player_limit
      from store_goods g join store_categories c on c.id = g.category_id
     where g.site_id = ${siteId} and g.status = 'Published' and c.status = 'ACTIVE'
     order by c.sort, c.id, g.sort, g.id`);
  // A locale without a text shows the zh_TW one (the required one).
  const text = (t: Record<string, string>) => t[locale] || t.zh_TW || '';
  return res.rows.map((g) => ({
    id: g.id,
    categoryId: g.category_id,
    categoryName: text(g.category_name),
    name: text(g.name),
    description: text(g.description),
    imageUrls: g.image_ids.map(imageUrl),
    price: g.price,
    stock: g.stock,
    perPlayerLimit: g.per_player_limit,
  }));
}

export async function playerPoints(db: Db, player: Player): Promise<PlayerPoints> {
  const res = await db.execute<{ balance: string }>(sql`select balance::text from points_accounts where player_id = ${player.id}`);
  return { balance: Number(res.rows[0]?.balance ?? 0) };
}

export async function playerHistory(db: Db, player: Player, input: { page: number; pageSize: number }): Promise<PlayerPointsHistory> {
  const { rows, ...page } = await readPage<Parameters<typeof toEntry>[0]>(
    db,
    { columns: entryColumns, from: entryFrom, where: [sql`e.player_id = ${player.id}`], order: sql`e.id desc` },
    input,
  );
  return {
    ...page,
    list: rows.map((r) => {
      const { playerId: _p, accountNo: _a, ...rest } = toEntry(r);
      return rest;
    }),
  };
}

export async function playerOrders(db: Db, player: Player, input: { page: number; pageSize: number }): Promise<PlayerOrderList> {
  const { rows, ...page } = await readPage<Parameters<typeof toOrder>[0]>(
    db,
    { columns: orderColumns, from: orderFrom, countFrom: orderCountFrom, where: [sql`o.player_id = ${player.id}`], order: sql`o.id desc` },
    input,
  );
  return { ...page, list: rows.map((r) => toPlayerOrder(toOrder(r))) };
}
