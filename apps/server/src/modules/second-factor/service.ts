import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, type RecoveryCodes, type SecondFactorStart, type SecondFactorStatus } from '@agent-bo/shared';
import type { Caller } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import {
  hasSecondFactor,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  recoveryCodesLeft,
  removeSecondFactor,
  sealTotpSecret,
  secondFactorRequired,
  useSecondFactorCode,
} from '../../core/second-factor.js';
import { finishSessionStep } from '../../core/session-steps.js';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { accountSecondFactors, recoveryCodes } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The caller's own second factor (issue 33): start an enrolment (a new secret, shown once), confirm
 * it with a first code (then ten recovery codes, shown once), read its state, disable it with a
 * fresh code. Only ever the caller's own account; nobody else reads a secret or a recovery code.
 */

export interface SecondFactorContext {
  db: Db;
  caller: Caller;
  /** The server's hand-off key: seals the secret and keys the recovery codes' HMAC. */
  serverKey: Buffer;
  ip: string;
  now: () => Date;
}

export async function secondFactorStatus(ctx: SecondFactorContext): Promise<SecondFactorStatus> {
  const id = ctx.caller.account.id;
  const enrolled = await hasSecondFactor(ctx.db, id);
  return {
    enrolled,
    required: await secondFactorRequired(ctx.db, ctx.caller.account),
    recoveryCodesLeft: enrolled ? await recoveryCodesLeft(ctx.db, id) : 0,
  };
}

/** A new secret waiting for its first code; it replaces an enrolment in progress, never an enabled factor. */
export async function startEnrolment(ctx: SecondFactorContext): Promise<SecondFactorStart> {
  const { account } = ctx.caller;
  const { secret, uri } = newTotpSecret(account);
  const sealed = sealTotpSecret(ctx.serverKey, secret);
  const now = ctx.now();
  // One statement: two starts at once leave one pending secret, and an enabled factor is never touched.
  const written = await ctx.db
    .insert(accountSecondFactors)
    .values({ accountId: account.id, siteId: account.siteId, secretCiphertext: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: accountSecondFactors.accountId,
      set: { secretCiphertext: sealed, lastUsedStep: null, createdAt: now },
      setWhere: isNull(accountSecondFactors.enabledAt),
    })
    .returning({ accountId: accountSecondFactors.accountId });
  if (written.length === 0) throw new AppError('SECOND_FACTOR_ALREADY_ENROLLED');
  return { uri, secret };
}

/**
 * Enables the pending factor with a code of its secret and answers ten new recovery codes, which
 * are kept only as hashes. The session's step is done if it was waiting for this.
 */
export async function confirmEnrolment(ctx: SecondFactorContext, code: string): Promise<RecoveryCodes> {
  const { caller } = ctx;
  const now = ctx.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await inTransaction(ctx.db, async (tx) => {
    const [pending] = await tx
      .select()
      .from(accountSecondFactors)
      .where(eq(accountSecondFactors.accountId, caller.account.id))
      .for('update');
    if (!pending) throw new AppError('SECOND_FACTOR_NOT_ENROLLED');
    if (pending.enabledAt) throw new AppError('SECOND_FACTOR_ALREADY_ENROLLED');
    const step = await matchTotp(ctx.serverKey, pending.secretCiphertext, code, now, null);
    if (step === null) throw new AppError('SECOND_FACTOR_INVALID');
    await tx
      .update(accountSecondFactors)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(and(eq(accountSecondFactors.accountId, caller.account.id), isNull(accountSecondFactors.enabledAt)));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, caller.account.id));
    await tx.insert(recoveryCodes).values(
      codes.map((c) => ({
        accountId: caller.account.id,
        codeHash: hashRecoveryCode(ctx.serverKey, caller.account.id, c),
        createdAt: now,
      })),
    );
    await writeLog(tx, ctx, caller.account.id, 'OPERATION', { secondFactor: false }, { secondFactor: true });
    await finishSessionStep(tx, caller.sessionId, caller.account);
  });
  return { recoveryCodes: codes };
}

/**
 * Disables the caller's factor with a fresh authenticator code or an unused recovery code. When
 * the site or a role requires one, the session must then enrol again before it goes on.
 */
export async function disableSecondFactor(ctx: SecondFactorContext, code: string): Promise<null> {
  const { caller } = ctx;
  await inTransaction(ctx.db, async (tx) => {
    if (!(await hasSecondFactor(tx, caller.account.id))) throw new AppError('SECOND_FACTOR_NOT_ENROLLED');
    const kind = await useSecondFactorCode(tx, ctx.serverKey, caller.account.id, code, ctx.now());
    if (!kind) throw new AppError('SECOND_FACTOR_INVALID');
    await removeSecondFactor(tx, caller.account.id, ctx.now());
    await writeLog(tx, ctx, caller.account.id, 'OPERATION', { secondFactor: true }, { secondFactor: false });
    await finishSessionStep(tx, caller.sessionId, caller.account);
  });
  return null;
}
