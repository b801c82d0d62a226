import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import type { AccountRow, SessionStep } from './caller.js';
import { hasSecondFactor, secondFactorRequired } from './second-factor.js';
import type { Q } from './tx.js';

/** The refusal a session with `step` gets from every route that is not open during a step. */
export function stepRefusal(step: SessionStep): 'PASSWORD_CHANGE_REQUIRED' | 'SECOND_FACTOR_ENROLMENT_REQUIRED' {
  return step === 'CHANGE_PASSWORD' ? 'PASSWORD_CHANGE_REQUIRED' : 'SECOND_FACTOR_ENROLMENT_REQUIRED';
}

/**
 * What a session of `account` must do before anything else, in order: change a password someone
 * else chose (a hand-off at creation or a reset), then enrol a second factor its site or role
 * requires. Null when the session may work. A sign-in asks this when it opens the session, and
 * finishing one step asks it again for the next.
 */
export async function sessionStepFor(
  db: Db | Q,
  account: Pick<AccountRow, 'id' | 'siteId' | 'passwordTemporary'>,
): Promise<SessionStep | null> {
  if (account.passwordTemporary) return 'CHANGE_PASSWORD';
  if ((await secondFactorRequired(db, account)) && !(await hasSecondFactor(db, account.id))) return 'ENROL_SECOND_FACTOR';
  return null;
}

/** Moves a session on to its next step (or none) once it has finished its current one. */
export async function finishSessionStep(
  db: Db | Q,
  sessionId: number,
  account: Pick<AccountRow, 'id' | 'siteId' | 'passwordTemporary'>,
): Promise<SessionStep | null> {
  const next = await sessionStepFor(db, account);
  await db.update(sessions).set({ step: next }).where(eq(sessions.id, sessionId));
  return next;
}
