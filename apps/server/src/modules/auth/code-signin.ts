import { ACCOUNT_NO_PATTERN, type AcceptedResponse, type Locale, type SigninResponse, type SiteId } from '@agent-bo/shared';
import { contactHolder, contactOf } from '../../core/contacts.js';
import { resolveAccount, type AccountRow } from '../../core/caller.js';
import { issueCode, useCode, type CodeContext } from '../../core/one-time-codes.js';
import { codeMessage } from '../../core/outbound.js';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findAccountById, findAccountByNo } from '../account/index.js';
import { recordSignIn } from '../../core/sign-in-events.js';
import { afterFirstFactor } from './flow.js';
import type { SigninOptions } from './service.js';
import { allowAsk, clearAccountFailures, readThrottle, recordFailure, throttleKeys } from './throttle.js';

/**
 * Phone code sign-in (issue 33): an account number or a proved phone number, then the six-digit
 * code texted to the account's proved phone. Asking answers the same for every identifier; only
 * an agent account with a proved phone that may sign in gets a message.
 */

/** The account an identifier names: an account number, or a phone number one account proved. */
async function accountOf(db: Db, siteId: SiteId, identifier: string): Promise<AccountRow | undefined> {
  if (ACCOUNT_NO_PATTERN.test(identifier)) return findAccountByNo(db, siteId, identifier);
  const id = await contactHolder(db, siteId, 'sms', identifier);
  return id === null ? undefined : findAccountById(db, id);
}

export async function sendSigninCode(
  ctx: CodeContext,
  input: { siteId: SiteId; identifier: string; ip: string; locale: Locale },
  options: Pick<SigninOptions, 'throttle'>,
): Promise<AcceptedResponse> {
  await allowAsk(ctx.db, { siteId: input.siteId, key: input.identifier, ip: input.ip }, options.throttle);
  const account = await accountOf(ctx.db, input.siteId, input.identifier);
  if (!account || account.kind !== 'AGENT') return { accepted: true };
  const phone = await contactOf(ctx.db, account.id, 'sms');
  if (!phone) return { accepted: true };
  const resolved = await resolveAccount(ctx.db, account);
  if (resolved.isDisabled || resolved.isFullDisabled) return { accepted: true };
  const code = await issueCode(
    ctx.db,
    ctx.serverKey,
    { siteId: input.siteId, accountId: account.id, purpose: 'SIGNIN', channel: 'sms', destination: phone, ip: input.ip },
    ctx.now(),
  );
  ctx.outbound.dispatch(ctx.db, {
    siteId: input.siteId,
    accountId: account.id,
    channel: 'sms',
    to: phone,
    ...codeMessage('SIGNIN', code, input.locale),
  });
  return { accepted: true };
}

/**
 * Signs in with the code. Wrong, expired, used and burned codes, and identifiers that name no
 * account, are one answer (CODE_INVALID) and count on the sign-in throttle like a wrong password.
 */
export async function signinWithCode(
  ctx: CodeContext,
  input: { siteId: SiteId; identifier: string; code: string; ip: string; userAgent?: string },
  options: SigninOptions,
): Promise<SigninResponse> {
  const keys = throttleKeys(input.siteId, input.identifier, input.ip);
  const state = await readThrottle(ctx.db, keys, options.throttle);
  if (state.lockedSeconds > 0) throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
  if (state.delayMs > 0) await options.sleep(state.delayMs);

  const account = await accountOf(ctx.db, input.siteId, input.identifier);
  // The try is committed before the answer: a wrong code counts even though the request fails.
  const used =
    account && account.kind === 'AGENT'
      ? await inTransaction(ctx.db, (tx) =>
          useCode(tx, ctx.serverKey, { siteId: input.siteId, accountId: account.id, purpose: 'SIGNIN' }, input.code, ctx.now()),
        )
      : null;
  const attempt = account?.kind === 'AGENT' && {
    siteId: input.siteId,
    accountId: account.id,
    method: 'CODE' as const,
    ip: input.ip,
    userAgent: input.userAgent,
  };
  if (!account || !attempt || !used) {
    await recordFailure(ctx.db, keys, options.throttle);
    if (attempt) await recordSignIn(ctx.db, { ...attempt, result: 'BAD_CODE' });
    throw new AppError('CODE_INVALID');
  }
  const resolved = await resolveAccount(ctx.db, account);
  if (resolved.isDisabled || resolved.isFullDisabled) {
    await recordSignIn(ctx.db, { ...attempt, result: 'DISABLED' });
    throw new AppError('ACCOUNT_DISABLED');
  }
  await clearAccountFailures(ctx.db, keys);
  return afterFirstFactor(ctx.db, { account, resolved, ...attempt }, options);
}
