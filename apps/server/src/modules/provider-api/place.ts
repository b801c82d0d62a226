import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { minorUnitsText, siteTimeZone, type ErrorName, type PlaceBetItem } from '@agent-bo/shared';
import type { Tx } from '../../core/tx.js';
import { statementName } from '../../db/named.js';
import { businessDateOf } from './business-date.js';
import { BETS_HAVE_STATISTICS, connectionOf } from './connection.js';
import type { ProviderContext } from './context.js';

/**
 * bets/place as a set (service.ts holds the rules of every transition): the batch's bets and
 * players are read with one array parameter each, each item is decided in order in one pass over
 * plain values, and the new bets are written by one COPY into `bets`, in the batch's transaction.
 *
 * A place only ever creates version 1 and touches no rollup, so it needs none of the row objects
 * of the other transitions: a thousand items cost a thousand small records instead of a
 * thousand drizzle rows, Dates and bigints, and the statements carry a dozen parameters, not one
 * per bet. Each item is answered as it would be alone in a call, in the batch's order (a test
 * sends the same items both ways, test/provider-api/batch.test.ts):
 *
 * - a bet id already known (stored, or placed earlier in the same batch) is DUPLICATE when the
 *   item has the first version's content (player, game, category, round, stake, time), else
 *   BET_CONTENT_CONFLICT;
 * - otherwise, in this order: PLAYER_NOT_FOUND, PLAYER_RESTRICTED (disabled own — a shadow also
 *   its owner's —, fully disabled or fully read-only own or inherited), PLAYER_UNVERIFIED,
 *   PROVIDER_NOT_ENABLED; else OK and the bet is stored Unsettled.
 */

/** The first version of a bet, as the duplicate check compares it. */
interface First {
  playerId: number;
  gameCode: string;
  gameCategory: string;
  roundId: string;
  /** Minor units, canonical decimal text (as PostgreSQL prints a bigint). */
  amount: string;
  placedMs: number;
}

interface Player {
  id: number;
  /** `{1,2,3}`: the path as PostgreSQL prints an int[], passed back as is for the new bets. */
  path: string;
  verified: boolean;
  enabled: boolean;
  restricted: boolean;
}

export type PlaceAnswer = 'OK' | 'DUPLICATE' | { refused: ErrorName };

const refused = (name: ErrorName): PlaceAnswer => ({ refused: name });

export async function placeBatch(tx: Tx, ctx: ProviderContext, items: readonly PlaceBetItem[]): Promise<PlaceAnswer[]> {
  const { siteId, providerCode } = ctx;
  const betIds = [...new Set(items.map((i) => i.betId))];
  const playerKeys = [...new Set(items.map((i) => i.playerAccountNo.toLowerCase()))];

  const { stored, found } = await readBatch(connectionOf(tx), siteId, providerCode, betIds, playerKeys);
  const known = new Map<string, First>();
  for (const [id, playerId, gameCode, gameCategory, roundId, amount, placedMs] of stored) {
    known.set(id, { playerId, gameCode, gameCategory, roundId, amount, placedMs });
  }
  const players = new Map<string, Player>();
  for (const [key, id, path, verified, enabled, restricted] of found) players.set(key, { id, path, verified, enabled, restricted });

  const timeZone = siteTimeZone(siteId);
  const instants = new InstantText();
  // The new bets as COPY's text: one line each, built as each is decided.
  const head = `${copyText(siteId)}\t${copyText(providerCode)}\t`;
  let rows = '';
  const answers: PlaceAnswer[] = [];
  for (const item of items) {
    const player = players.get(item.playerAccountNo.toLowerCase());
    const amount = minorUnitsText(item.betAmount);
    const placedMs = Date.parse(item.placedAt);
    const first = known.get(item.betId);
    if (first) {
      const same =
        player !== undefined &&
        first.playerId === player.id &&
        first.gameCode === item.gameCode &&
        first.gameCategory === item.gameCategory &&
        first.roundId === item.roundId &&
        first.amount === amount &&
        first.placedMs === placedMs;
      answers.push(same ? 'DUPLICATE' : refused('BET_CONTENT_CONFLICT'));
      continue;
    }
    if (!player) answers.push(refused('PLAYER_NOT_FOUND'));
    else if (player.restricted) answers.push(refused('PLAYER_RESTRICTED'));
    else if (!player.verified) answers.push(refused('PLAYER_UNVERIFIED'));
    else if (!player.enabled) answers.push(refused('PROVIDER_NOT_ENABLED'));
    else {
      known.set(item.betId, {
        playerId: player.id,
        gameCode: item.gameCode,
        gameCategory: item.gameCategory,
        roundId: item.roundId,
        amount,
        placedMs,
      });
      // placed_at in milliseconds, as the item's instant reads in JavaScript (a finer fraction is dropped).
      rows +=
        `${head}${copyText(item.betId)}\t1\t${player.id}\t${player.path}\t${copyText(item.gameCode)}\t` +
        `${copyText(item.gameCategory)}\t${copyText(item.roundId)}\t${amount}\t0\t0\t0\tUnsettled\t` +
        `${instants.iso(placedMs)}\t\\N\t${businessDateOf(placedMs, timeZone)}\t\\N\n`;
      answers.push('OK');
    }
  }

  if (rows) await copyBets(tx, rows);
  return answers;
}

/**
 * `new Date(ms).toISOString()`, with the text of the whole second kept from the instant before: a
 * batch's bets fall in a few seconds, and V8's toISOString was the largest single item of a place
 * batch's own time (5 % of the server's, one call per bet).
 */
export class InstantText {
  private second = Number.NaN;
  /** `YYYY-MM-DDTHH:MM:SS.` of `second`. */
  private head = '';

  iso(ms: number): string {
    const second = Math.floor(ms / 1000);
    if (second !== this.second) {
      this.second = second;
      const whole = new Date(second * 1000).toISOString(); // ends in `.000Z`
      this.head = whole.slice(0, -4);
    }
    const fraction = ms - second * 1000;
    return `${this.head}${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}Z`;
  }
}

/** A stored first version, as `readBatch` answers it: id, player, game, category, round, amount, placed (epoch ms). */
type StoredRow = [string, number, string, string, string, string, number];
/** A player of the batch: lower-case account number, id, path, verified, provider enabled, restricted. */
type PlayerRow = [string, number, string, boolean, boolean, boolean];

/**
 * The batch's known bets and its players in one statement, one round trip, a named statement
 * planned once per connection. Each half answers one JSON array (pg parses it natively), so the
 * two shapes need no common row type.
 *
 * Known bets: version 1 is the first version of every bet (resettles add 2, 3, …), found by one
 * scan of the unique index with the ids as one array (`provider_bet_id = any($3)`): less than
 * half the time of one lateral probe per id (3.0–3.2 against 7.0–7.2 ms for 1,000 ids,
 * `bench/bets.mjs --cases=probe`, docs/PERFORMANCE.md). That
 * plan needs the column statistics of `bets`: without them the planner prices a thousand ids as
 * the whole table and filters every bet of the site instead (135 ms at 380,000 bets). So the
 * statement asks PostgreSQL whether `bets` has them, and until it does (a fresh database, before
 * autovacuum's first ANALYZE) it probes id by id through a lateral subquery with LIMIT 1, which
 * is never merged into a join and always descends the index once per id. Only the branch taken
 * runs; an ANALYZE invalidates the cached plan, so the array scan is planned afresh with the
 * statistics.
 *
 * Players: the members module's restriction rule (core/caller.ts resolveWithAncestors), in SQL.
 *
 * It runs after the batch lock is held (service.ts), so it sees every bet an earlier batch of the
 * same provider stored.
 */
const STORED_COLUMNS = `json_build_array(b.provider_bet_id, b.player_id, b.game_code, b.game_category, b.round_id,
                                             b.bet_amount::text, floor(extract(epoch from b.placed_at) * 1000)::bigint)`;
/** The known bets ($1 site, $2 provider, $3 ids) by one scan of the ids as an array: with statistics. */
export const KNOWN_BETS_BY_ARRAY = `(select coalesce(json_agg(${STORED_COLUMNS}), '[]')
          from bets b
         where b.site_id = $1 and b.provider_code = $2 and b.provider_bet_id = any($3::text[]) and b.version = 1)`;
/** The same by one probe of the unique index per id: without statistics. */
export const KNOWN_BETS_BY_PROBES = `(select coalesce(json_agg(${STORED_COLUMNS}), '[]')
          from unnest($3::text[]) as k(id)
         cross join lateral (
           select provider_bet_id, player_id, game_code, game_category, round_id, bet_amount, placed_at from bets
            where site_id = $1 and provider_code = $2 and provider_bet_id = k.id and version = 1
            limit 1) b)`;
export const READ_BATCH = `
select
  case when ${BETS_HAVE_STATISTICS}
  then ${KNOWN_BETS_BY_ARRAY}
  else ${KNOWN_BETS_BY_PROBES}
  end as stored,
  (select coalesce(json_agg(json_build_array(lower(p.account_no), p.id, p.path::text, p.verify_status = 'VERIFIED',
                                             $2::text = any(p.providers),
     (p.is_disabled or p.is_full_disabled or p.is_full_readonly
      or (p.is_shadow and exists (select 1 from accounts o where o.id = p.parent_id and o.id = any(p.path) and o.is_disabled))
      or exists (select 1 from accounts a where a.id = any(p.path) and (a.is_full_disabled or a.is_full_readonly))))), '[]')
     from accounts p
    where p.site_id = $1 and p.kind = 'PLAYER' and lower(p.account_no) = any($4::text[])) as players`;

async function readBatch(
  client: pg.PoolClient,
  siteId: string,
  providerCode: string,
  betIds: string[],
  playerKeys: string[],
): Promise<{ stored: StoredRow[]; found: PlayerRow[] }> {
  const { rows } = await client.query<{ stored: StoredRow[]; players: PlayerRow[] }>({
    name: statementName('place_read', READ_BATCH),
    text: READ_BATCH,
    values: [siteId, providerCode, betIds, playerKeys],
  });
  return { stored: rows[0]!.stored, found: rows[0]!.players };
}

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : value;
}

const COPY_BETS =
  'copy bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id, ' +
  'bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios) from stdin';

/**
 * Writes the new bets (COPY text rows, `COPY_BETS`'s columns) with COPY on the transaction's own
 * connection: the decisions are taken already (under the batch lock, against the bets read
 * above), so the rows only have to be stored, and COPY stores them at the rate of a bulk load —
 * the ceiling bench/bets.mjs measures — where an INSERT … SELECT FROM unnest(…) inserts row by row
 * (at most as fast; `bench/bets.mjs --cases=write` compares the two) and its array parameters cost
 * this process pg's quoting pass per value. The unique index still refuses a second version 1 of
 * a bet.
 */
async function copyBets(tx: Tx, rows: string): Promise<void> {
  await pipeline(Readable.from([rows], { objectMode: false }), connectionOf(tx).query(copyStreams.from(COPY_BETS)));
}
