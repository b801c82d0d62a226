import { assertWriter, reach } from '../../core/access.js';
import { writeLog } from '../../core/oplog.js';
import { removeSecondFactor } from '../../core/second-factor.js';
import { inTransaction } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { MemberContext } from './context.js';

/**
 * An upper agent resets a lower staff account's second factor (a lost phone): the factor and its
 * recovery codes are deleted, never shown, and the account enrols again at its next sign-in if
 * it must. The same reach and writer rules as a password reset; logged on the account.
 */
export async function resetSecondFactor(m: MemberContext, id: number, kind: 'agent' | 'shadow'): Promise<null> {
  assertWriter(m.caller);
  await inTransaction(m.db, async (tx) => {
    const target = await reach(tx, m.caller, id, kind, true);
    if (!(await removeSecondFactor(tx, target.id, m.now()))) throw new AppError('SECOND_FACTOR_NOT_ENROLLED');
    await writeLog(tx, m, target.id, 'OPERATION', { secondFactor: true }, { secondFactor: false, secondFactorReset: true });
  });
  return null;
}
