import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, keepScreenshot, navigate, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { manageApi, tokenOf } from '../support/manage-api.js';

const browser = useBrowser();

/**
 * The signed-in side of the sign-in area (issue 33): an agent proves its phone in "Phone and
 * e-mail", the site's admin reads the demo driver's outbox, and an upper agent answers a
 * "forgot password" request on the member screen.
 *
 * The spec owns its accounts, which no other spec changes: agentB04 (a level-2 agent) proves and
 * removes contacts and answers requests, agentC07 (its direct child) forgets its password.
 */
const UPPER = { accountNo: 'agentB04', password: 'Demo1234' };
const ASKER = 'agentC07';

/** A phone number of this run (one account per phone on a site). */
const PHONE = `+8869${String(Date.now()).slice(-8)}`;
const EMAIL = `b04-${Date.now().toString(36)}@example.com`;

interface OutboxRow {
  id: number;
  channel: string;
  destination: string;
  accountNo: string | null;
  subject: string | null;
  body: string;
}

/** The six-digit code of the newest message the outbox kept for `destination`, read as the admin. */
async function codeSentTo(page: Page, destination: string): Promise<string> {
  const admin = await tokenOf(page);
  let code: string | undefined;
  // The server sends after answering: the message is recorded a moment later.
  await expect
    .poll(async () => {
      const { data } = await manageApi<{ list: OutboxRow[] }>(page, admin, 'outbox/list', { page: 1, pageSize: 10 });
      code = /\b(\d{6})\b/.exec(data.list.find((m) => m.destination === destination)?.body ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** The upper agent's open requests, as its member screen reads them. */
async function openRequests(page: Page): Promise<string[]> {
  const token = await tokenOf(page, UPPER.accountNo, UPPER.password);
  const { data } = await manageApi<{ list: { accountNo: string }[] }>(page, token, 'member/reset_requests', {});
  return data.list.map((r) => r.accountNo);
}

/** The asker's "forgot password" to its upper agent, as the sign-in page sends it (no session). */
async function askUpper(): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api/manage/password/forgot`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ accountNo: ASKER, via: 'UPPER' }),
  });
  return response.json();
}

describe('account security: contacts, the outbox and forgot-password requests', () => {
  it('an agent proves a phone through "Phone and e-mail" with the code sent there, and removes it; it has no outbox', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }, { credentials: UPPER });
    await useEnglish(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('contacts-open').waitFor();
    // The outbox is the site admin's: not in a lower agent's menu.
    expect(await page.getByTestId('outbox-open').count()).toBe(0);
    await page.getByTestId('contacts-open').click();

    const dialog = page.getByTestId('contacts-dialog');
    await dialog.getByTestId('contact-sms-none').waitFor();
    await dialog.getByTestId('contact-sms-add').click();
    await dialog.getByTestId('contact-sms-destination').fill(PHONE.replace(/^(\+886)(\d{3})/, '$1 $2 '));
    await dialog.getByTestId('contact-sms-send').click();
    expect(await dialog.getByTestId('contact-sms-sent').innerText()).toContain(PHONE);
    expect(await dialog.getByTestId('contact-sms-resend').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('contact-sms-resend').innerText()).toMatch(/Send again in \d+ s/);

    // A wrong code first: said in the dialog, nothing proved.
    const code = await codeSentTo(page, PHONE);
    await dialog.getByTestId('contact-sms-code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByTestId('contact-sms-confirm').click();
    await dialog.getByTestId('contact-sms-error').waitFor();
    await keepScreenshot(page, 'account-security-contacts-code');

    await dialog.getByTestId('contact-sms-code').fill(code);
    await dialog.getByTestId('contact-sms-confirm').click();
    await expect.poll(() => dialog.getByTestId('contact-sms-value').innerText()).toBe(PHONE);
    const stored = await db<{ destination: string }>(
      `select c.destination from account_contacts c join accounts a on a.id = c.account_id
        where a.site_id = 'tw_web' and a.account_no = $1 and c.channel = 'sms'`,
      [UPPER.accountNo],
    );
    expect(stored.map((r) => r.destination)).toEqual([PHONE]);

    await dialog.getByTestId('contact-sms-remove').click();
    await page.getByTestId('contact-remove-ok').click();
    await dialog.getByTestId('contact-sms-none').waitFor();
    await page.getByTestId('contacts-close').click();
    await dialog.waitFor({ state: 'hidden' });

    // The outbox's address, typed in: the page says it is the admin's and asks the server nothing.
    const refused: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/manage/outbox/list') refused.push(r.url());
    });
    await navigate(page, '/outbox');
    await page.getByTestId('outbox-admin-only').waitFor();
    expect(refused).toEqual([]);
    await context.close();
  });

  it('the site admin reads a code sent to an agent in the outbox, reached from its user menu', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    // The agent asks for a code to a new e-mail address (through the API, as its dialog does).
    const upper = await tokenOf(page, UPPER.accountNo, UPPER.password);
    // The message is written in the language of the request that asked for it.
    expect(
      (await manageApi(page, upper, 'contact/start', { channel: 'email', destination: EMAIL }, { 'Accept-Language': 'en' })).success,
    ).toBe(true);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('outbox-open').click();
    await page.getByTestId('outbox-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/outbox');
    expect(await page.getByTestId('outbox-note').innerText()).toContain('message driver');
    // Newest first: the code just sent heads the list (the server records it a moment after answering).
    const firstRow = page.getByTestId('outbox-table').locator('tbody tr.ant-table-row').first();
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return firstRow.innerText();
      })
      .toContain(EMAIL);
    const cells = await firstRow.locator('td').allInnerTexts();
    expect(cells.slice(1, 5)).toEqual(['E-mail', EMAIL, UPPER.accountNo, 'Your verification code']);
    const code = /\b(\d{6})\b/.exec(cells[5] ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await keepScreenshot(page, 'account-security-outbox');

    // The code read there proves the address (the last test removes it).
    const confirmed = await manageApi<{ channel: string; destination: string }[]>(page, upper, 'contact/confirm', {
      channel: 'email',
      code,
    });
    expect(confirmed.data.map((c) => c.destination)).toEqual([EMAIL]);
    await context.close();
  });

  it('an agent asks its upper agent for a new password; the upper agent sees the badge, resets it and hands the password over', async () => {
    expect(await askUpper()).toMatchObject({ success: true, data: { accepted: true } });
    const { context, page } = await openSignedIn(
      browser(),
      { width: 1440, height: 900 },
      { credentials: UPPER, at: '/member/index', landing: (p) => p.getByTestId('member-page') },
    );
    await useEnglish(page);
    await expect.poll(() => page.getByTestId('reset-requests-open').getAttribute('aria-label')).toBe('Password requests (1 open)');
    await page.getByTestId('reset-requests-open').click();
    const request = page.getByTestId(`reset-request-${ASKER}`);
    await request.waitFor();
    const facts = await request.innerText();
    expect(facts).toContain('Agent C07');
    expect(facts).toMatch(/First asked\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(facts).toMatch(/Times asked\s+1/);
    expect(facts).toMatch(/Address\s+\S+/);
    await keepScreenshot(page, 'account-security-requests');

    // The member screen's own reset: a confirmation, then the one-time hand-off.
    await page.getByTestId(`reset-request-reset-${ASKER}`).click();
    await page.getByTestId('reset-confirm').click();
    const password = (await page.getByTestId('copy-info-pwd').innerText()).trim();
    expect(password).toMatch(/^\S{8,}$/);
    expect(await page.getByTestId('copy-info-account').innerText()).toBe(ASKER);
    await keepScreenshot(page, 'account-security-handoff');
    await page.locator('.ant-modal').getByRole('button', { name: 'Done' }).click();

    // Answered: gone from the list, the head's button with it, and the new password opens the account.
    await page.getByTestId('reset-requests-empty').waitFor();
    expect(await page.getByTestId('reset-requests-open').count()).toBe(0);
    expect(await openRequests(page)).toEqual([]);
    expect(await tokenOf(page, ASKER, password)).toBeTruthy();
    await context.close();
  });

  it('a request is dismissed after a confirmation: it leaves the list, the password stays', async () => {
    // The requests drawer and the contacts dialog in each look are layout.spec's.
    expect(await askUpper()).toMatchObject({ success: true });
    const { context, page } = await openSignedIn(
      browser(),
      { width: 1440, height: 900 },
      { credentials: UPPER, at: '/member/index', landing: (p) => p.getByTestId('member-page') },
    );
    await useEnglish(page);
    const passwordHash = () =>
      db<{ password_hash: string }>(`select password_hash from accounts where site_id = 'tw_web' and account_no = $1`, [ASKER]);
    const before = await passwordHash();
    await page.getByTestId('reset-requests-open').click();
    await page.getByTestId(`reset-request-dismiss-${ASKER}`).click();
    await page.getByTestId('reset-request-dismiss-ok').click();
    await page.getByTestId('reset-requests-empty').waitFor();
    expect(await openRequests(page)).toEqual([]);
    expect(await passwordHash()).toEqual(before);
    // The e-mail proved above goes too: the spec leaves the account as it found it.
    const upper = await tokenOf(page, UPPER.accountNo, UPPER.password);
    expect((await manageApi<unknown[]>(page, upper, 'contact/remove', { channel: 'email' })).data).toEqual([]);
    await context.close();
  });
});
