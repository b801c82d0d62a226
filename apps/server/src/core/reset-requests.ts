import { and, eq } from 'drizzle-orm';
import { passwordResetRequests } from '../db/schema/index.js';
import type { Q } from './tx.js';

/**
 * Ends the account's open "forgot password" request: DONE when its password was reset (by the
 * upper agent on the member screen, or by the account with a code), DISMISSED when the upper
 * agent turned it down. Answers whether there was one.
 */
export async function closeResetRequest(
  q: Q,
  input: { accountId: number; by: number; status: 'DONE' | 'DISMISSED'; now: Date; id?: number },
): Promise<boolean> {
  const rows = await q
    .update(passwordResetRequests)
    .set({ status: input.status, handledBy: input.by, handledAt: input.now })
    .where(
      and(
        eq(passwordResetRequests.accountId, input.accountId),
        eq(passwordResetRequests.status, 'PENDING'),
        input.id === undefined ? undefined : eq(passwordResetRequests.id, input.id),
      ),
    )
    .returning({ id: passwordResetRequests.id });
  return rows.length > 0;
}
