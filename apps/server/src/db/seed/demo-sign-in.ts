import { and, eq, inArray } from 'drizzle-orm';
import type { SiteId } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { accountContacts, accounts, outboundMessages, passwordResetRequests, signInEvents } from '../schema/index.js';
import { codeMessage } from '../../lib/messaging/code-texts.js';

/**
 * The demo's sign-in area (issue 33), so its screens show something right after start: agentA01
 * has a proved phone and e-mail (it can sign in with a phone code; the message that proved the
 * phone is in the admin's outbox), and two lower agents have asked their upper agents to reset a
 * forgotten password (the member screen's badge). The admin and agentA01 have a sign-in history
 * of the last days: successes from the office and the phone, a mistyped password, a refused
 * address and a phone-code sign-in.
 */
export const DEMO_PHONE = '+886912000101';
export const DEMO_EMAIL = 'agenta01@demo.example';

export async function seedDemoSignIn(tx: Pick<Db, 'select' | 'insert'>, siteId: SiteId, now: Date): Promise<void> {
  const rows = await tx
    .select({ id: accounts.id, accountNo: accounts.accountNo })
    .from(accounts)
    .where(and(eq(accounts.siteId, siteId), inArray(accounts.accountNo, ['admin001', 'agentA01', 'agentC02', 'agentB03'])));
  const id = (accountNo: string) => rows.find((r) => r.accountNo === accountNo)?.id;
  const a01 = id('agentA01');
  if (a01 === undefined) return;
  const provedAt = new Date(now.getTime() - 3 * 86_400_000);
  await tx.insert(accountContacts).values([
    { accountId: a01, siteId, channel: 'sms', destination: DEMO_PHONE, verifiedAt: provedAt },
    { accountId: a01, siteId, channel: 'email', destination: DEMO_EMAIL, verifiedAt: provedAt },
  ]);
  // The code in that message was used long ago; it opens nothing now.
  await tx.insert(outboundMessages).values({
    siteId,
    accountId: a01,
    channel: 'sms',
    driver: 'outbox',
    destination: DEMO_PHONE,
    body: codeMessage('VERIFY', '482913', 'zh_TW').text,
    status: 'SENT',
    createdAt: new Date(provedAt.getTime() - 60_000),
  });
  const asked = [
    { accountNo: 'agentC02', hoursAgo: 2, asks: 1, ip: '203.0.113.24' },
    { accountNo: 'agentB03', hoursAgo: 26, asks: 2, ip: '198.51.100.7' },
  ];
  for (const a of asked) {
    const accountId = id(a.accountNo);
    if (accountId === undefined) continue;
    const at = new Date(now.getTime() - a.hoursAgo * 3_600_000);
    await tx.insert(passwordResetRequests).values({ siteId, accountId, asks: a.asks, ip: a.ip, createdAt: at, lastAskedAt: at });
  }
  await seedSignInHistory(tx, siteId, now, [id('admin001'), a01]);
}

const OFFICE = {
  ip: '203.0.113.10',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};
const PHONE = {
  ip: '198.51.100.23',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
};

/** A few days of sign-in attempts per account, oldest first (the history is append-only). */
async function seedSignInHistory(tx: Pick<Db, 'insert'>, siteId: SiteId, now: Date, accountIds: (number | undefined)[]): Promise<void> {
  const days = [
    { hoursAgo: 74, ...OFFICE, method: 'PASSWORD', result: 'BAD_PASSWORD' },
    { hoursAgo: 74, ...OFFICE, method: 'PASSWORD', result: 'OK' },
    { hoursAgo: 50, ...PHONE, method: 'CODE', result: 'OK' },
    { hoursAgo: 27, ip: '192.0.2.99', userAgent: OFFICE.userAgent, method: 'PASSWORD', result: 'BAD_PASSWORD' },
    { hoursAgo: 26, ...OFFICE, method: 'PASSWORD', result: 'OK' },
    { hoursAgo: 3, ...PHONE, method: 'PASSWORD', result: 'OK' },
  ] as const;
  const rows = accountIds
    .filter((accountId): accountId is number => accountId !== undefined)
    .flatMap((accountId) =>
      days.map(({ hoursAgo, ...event }, i) => ({
        siteId,
        accountId,
        ...event,
        createdAt: new Date(now.getTime() - hoursAgo * 3_600_000 + i * 1000),
      })),
    );
  if (rows.length) await tx.insert(signInEvents).values(rows);
}
