import { eq } from 'drizzle-orm';
import { siteTimeZone, type VerifyRequest } from '@agent-bo/shared';
import type { z } from 'zod';
import type { verificationSchema } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { assertWriter, reach } from '../../core/access.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import type { MemberContext } from './context.js';

/** A registered player's verification request: read and decided by its agents. */

export async function verification(db: Db, m: Pick<MemberContext, 'caller'>, id: number): Promise<z.infer<typeof verificationSchema>> {
  const player = await reach(db, m.caller, id, 'player');
  return {
    status: player.verifyStatus,
    realName: player.realName,
    phone: player.phone,
    submittedAt: player.verifySubmittedAt ? formatDateTime(player.verifySubmittedAt, siteTimeZone(player.siteId)) : null,
  };
}

export async function verify(m: MemberContext, input: VerifyRequest): Promise<null> {
  assertWriter(m.caller);
  await inTransaction(m.db, async (tx) => {
    const player = await reach(tx, m.caller, input.id, 'player', true);
    if (player.verifyStatus !== 'PENDING') throw new AppError('VERIFY_NOT_PENDING');
    const status = input.approve ? 'VERIFIED' : 'REJECTED';
    await tx.update(accounts).set({ verifyStatus: status }).where(eq(accounts.id, player.id));
    await writeLog(tx, m, player.id, 'VERIFY', { verifyStatus: 'PENDING' }, { verifyStatus: status, memo: input.memo ?? null });
  });
  return null;
}
