import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_SECONDS, type ContactChannel } from '@agent-bo/shared';
import { oneTimeCodes } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import type { CodePurpose, Outbound } from './outbound.js';
import type { Q } from './tx.js';

/**
 * One-time codes (issue 33): six random digits, kept only as an HMAC-SHA256 under a key derived
 * from the server's hand-off key, so a copy of the table cannot be tried offline. A new code
 * ends the account's earlier codes of the same purpose; a code is good for
 * ONE_TIME_CODE_TTL_SECONDS, once, and burned after ONE_TIME_CODE_MAX_ATTEMPTS wrong tries.
 */

/** What a service that sends or checks codes works with. */
export interface CodeContext {
  db: Db;
  outbound: Outbound;
  /** The server's secret key (the hand-off key); the codes' HMAC key is derived from it. */
  serverKey: Buffer;
  now: () => Date;
}

function codeKey(serverKey: Buffer): Buffer {
  return createHmac('sha256', serverKey).update('one-time-codes v1').digest();
}

function hashCode(serverKey: Buffer, id: string, code: string): string {
  // The account and purpose are part of what is signed: a code's hash matches nowhere else.
  return createHmac('sha256', codeKey(serverKey)).update(`${id}:${code}`).digest('hex');
}

export interface CodeOwner {
  siteId: string;
  accountId: number;
  purpose: CodePurpose;
  /** Only a code sent on this channel (a contact being proved) counts. */
  channel?: ContactChannel;
}

/** A fresh code for `owner`, sent to `destination`; earlier open codes of the same purpose end. */
export async function issueCode(
  q: Q,
  serverKey: Buffer,
  owner: Required<CodeOwner> & { destination: string; ip: string | null },
  now: Date,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.accountId, owner.accountId), eq(oneTimeCodes.purpose, owner.purpose), isNull(oneTimeCodes.usedAt)));
  await q.insert(oneTimeCodes).values({
    siteId: owner.siteId,
    accountId: owner.accountId,
    purpose: owner.purpose,
    channel: owner.channel,
    destination: owner.destination,
    codeHash: hashCode(serverKey, `${owner.accountId}:${owner.purpose}`, code),
    expiresAt: new Date(now.getTime() + ONE_TIME_CODE_TTL_SECONDS * 1000),
    ip: owner.ip,
    createdAt: now,
  });
  return code;
}

/**
 * Uses the owner's open code if `code` is it: the code row (its channel and destination) when
 * right, null otherwise. A wrong try counts against the code; the last allowed one burns it.
 * Run it in a transaction: the code's row is locked, so two tries cannot both use it.
 */
export async function useCode(
  q: Q,
  serverKey: Buffer,
  owner: CodeOwner,
  code: string,
  now: Date,
): Promise<{ channel: ContactChannel; destination: string } | null> {
  const [row] = await q
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.accountId, owner.accountId),
        eq(oneTimeCodes.siteId, owner.siteId),
        eq(oneTimeCodes.purpose, owner.purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        owner.channel ? eq(oneTimeCodes.channel, owner.channel) : undefined,
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  if (!row) return null;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(serverKey, `${owner.accountId}:${owner.purpose}`, code), 'hex');
  if (timingSafeEqual(expected, given)) {
    await q.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, row.id));
    return { channel: row.channel, destination: row.destination };
  }
  const attempts = row.attempts + 1;
  await q
    .update(oneTimeCodes)
    .set({ attempts, ...(attempts >= ONE_TIME_CODE_MAX_ATTEMPTS ? { usedAt: now } : {}) })
    .where(eq(oneTimeCodes.id, row.id));
  return null;
}
