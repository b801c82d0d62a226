import type { Db } from '../../db/client.js';
import type { Caller } from '../../core/caller.js';
import { AppError } from '../../lib/app-error.js';

/** What every member operation needs besides its input. */
export interface MemberContext {
  db: Db;
  caller: Caller;
  ip: string;
  /** `scheme://host` of the request, for an agent's copy-info URL and invite URLs. */
  origin: string;
  /** The caller's site's game client (CLIENT_SITE_URLS), for a player's copy info; null when not set. */
  clientUrl: string | null;
  handoffKey: Buffer;
  now: () => Date;
}

/** Maps a unique violation on the account-number index to ACCOUNT_NO_TAKEN. */
export function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e.code ? e : e.cause;
  if (pgErr?.code === '23505' && pgErr.constraint === 'accounts_site_account_no_uq') throw new AppError('ACCOUNT_NO_TAKEN');
  throw err;
}
