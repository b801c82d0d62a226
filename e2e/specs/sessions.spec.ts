import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DEMO_ADMIN,
  keepScreenshot,
  navigate,
  newContext,
  openSignedIn,
  setDark,
  signIn,
  useBrowser,
  useEnglish,
} from '../support/browser.js';
import { db } from '../support/db.js';
import { openMembers } from '../support/members.js';
import { call, createAgent, tokenOf } from '../support/api.js';

// Sessions and sign-ins (issue 33): an account's open sessions and sign-in history, on its own
// page and for its upper agent on the member screen; the forced change of a handed-out password;
// the site's sign-in security settings. The spec owns its accounts: an upper agent of its own under
// the site's admin and an agent under that one, both made through the API; it changes the site's
// settings only to put them back.

const browser = useBrowser();

/** A fresh account number (8–12 letters or digits) per run. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`.slice(0, 12);

const UPPER = { accountNo: fresh('e2esu'), password: 'Upper2chose7' };
const LOWER = { accountNo: fresh('e2esl'), password: 'Lower2chose7' };
let lowerId: number;

/**
 * A handed-out password (a reset's) made the account's own, as the forced change page does: the
 * spec's next sign-ins work as any working account's.
 */
async function makeOwn(handed: string, chosen: string): Promise<void> {
  const own = await call('change_account_info', { oldPassword: handed, newPassword: chosen }, await tokenOf(LOWER.accountNo, handed));
  expect(own.success, own.message).toBe(true);
  LOWER.password = chosen;
}

/** The upper agent resets the lower one's password: the new one is handed out, hence temporary. */
async function resetLower(): Promise<string> {
  const reset = await call<{ pwd: string }>('agent/reset_password', { id: lowerId }, await tokenOf(UPPER.accountNo, UPPER.password));
  expect(reset.success, reset.message).toBe(true);
  return reset.data.pwd;
}

beforeAll(async () => {
  await createAgent(await tokenOf(DEMO_ADMIN.accountNo, DEMO_ADMIN.password), UPPER, '10');
  lowerId = await createAgent(await tokenOf(UPPER.accountNo, UPPER.password), LOWER, '5');
  // The set-up's own sign-ins stay open: the lower agent starts with none, so its lists hold only the spec's.
  const setUp = await tokenOf(LOWER.accountNo, LOWER.password);
  await call('sessions/end_others', {}, setUp);
  await call('signout', {}, setUp);
});

/** A new context at the sign-in page, in English (the test machine's Chromium has no CJK font). */
async function openLogin(size?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), size);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('locale-picker').waitFor();
  await useEnglish(page);
  return { context, page };
}

/** Signs `account` in at the sign-in page of a new context; the dashboard shows. */
async function signedIn(account: { accountNo: string; password: string }, size?: { width: number; height: number }) {
  const opened = await openLogin(size);
  await signIn(opened.page, account.accountNo, account.password);
  await opened.page.getByTestId('dashboard').waitFor();
  return opened;
}

/** From a signed-in page, the own sessions page through the user menu. */
async function openOwnSessions(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sessions-open').click();
  await page.getByTestId('open-sessions-table').waitFor();
}

/** The open sessions' rows on screen: each row's session id and whether it is this device's. */
async function rows(page: Page): Promise<Array<{ id: string; current: string | null }>> {
  return page
    .locator('[data-testid="open-sessions-table"] tr[data-testid^="session-"]')
    .evaluateAll((trs) =>
      trs.map((tr) => ({ id: tr.getAttribute('data-testid')!.slice('session-'.length), current: tr.getAttribute('data-current') })),
    );
}

describe('sessions and sign-ins', () => {
  it('two browsers signed in: the first sees both and ends the other, which is signed out at its next call', async () => {
    const first = await signedIn(LOWER);
    const second = await signedIn(LOWER);
    await openOwnSessions(first.page);
    await expect.poll(async () => (await rows(first.page)).length).toBe(2);
    const listed = await rows(first.page);
    expect(listed.filter((r) => r.current === 'yes')).toHaveLength(1);
    expect(await first.page.getByTestId('session-this-device').textContent()).toBe('This device');
    // The browser in words, not the raw user agent.
    expect(await first.page.getByTestId('open-sessions-table').textContent()).toMatch(/Chrome \d+ · Linux/);
    await keepScreenshot(first.page, 'sessions-open');

    const other = listed.find((r) => r.current === 'no')!;
    await first.page.getByTestId(`session-end-${other.id}`).click();
    await first.page.getByTestId('session-end-ok').click();
    await expect.poll(async () => (await rows(first.page)).length).toBe(1);
    expect((await rows(first.page))[0]!.current).toBe('yes');

    // The second browser's next call is refused: it is at the sign-in page again.
    await second.page.getByTestId('user-menu').click();
    await second.page.getByTestId('sessions-open').click();
    await second.page.getByTestId('login-account').waitFor();
    expect(new URL(second.page.url()).pathname).toBe('/login');
    // The first one still works.
    await first.page.getByTestId('sessions-tab-history').click();
    await first.page.getByTestId('sign-in-history-table').waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('the sign-in history shows a failed attempt in words and colour', async () => {
    const wrong = await call('signin', { accountNo: LOWER.accountNo, password: 'Wrong2guess1' });
    expect(wrong.success).toBe(false);
    const { context, page } = await signedIn(LOWER);
    await openOwnSessions(page);
    await page.getByTestId('sessions-tab-history').click();
    const refused = page.locator('[data-testid^="sign-in-result-"][data-result="BAD_PASSWORD"]').first();
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Wrong password');
    expect(await refused.getAttribute('class')).toContain('error');
    // Newest first: this sign-in, then the wrong password.
    const results = await page
      .locator('[data-testid^="sign-in-result-"]')
      .evaluateAll((tags) => tags.map((t) => t.getAttribute('data-result')));
    expect(results.slice(0, 2)).toEqual(['OK', 'BAD_PASSWORD']);
    await keepScreenshot(page, 'sessions-history');
    await context.close();
  });

  it('the upper agent ends the lower account’s sessions from the member screen', async () => {
    const lowerToken = await tokenOf(LOWER.accountNo, LOWER.password);
    const { context, page } = await openMembers(browser(), UPPER);
    await useEnglish(page);
    await page.getByTestId(`action-more-${LOWER.accountNo}`).click();
    await page.getByTestId('menu-sessions').click();
    const drawer = page.getByTestId('sessions-drawer');
    await drawer.getByTestId('open-sessions-table').waitFor();
    await expect.poll(async () => (await rows(page)).length).toBeGreaterThan(0);
    // None of them is this browser's.
    expect(await drawer.getByTestId('session-this-device').count()).toBe(0);
    await keepScreenshot(page, 'sessions-member-drawer');

    await drawer.getByTestId('sessions-end-others').click();
    await page.getByTestId('sessions-end-others-ok').click();
    await expect.poll(async () => (await rows(page)).length).toBe(0);
    // Its token is refused as a session ended.
    expect((await call('userinfo', {}, lowerToken)).code).toBe(1011);
    // The operation log of the lower account says who ended how many.
    const [log] = await db<{ after: { sessionsEnded: number } }>(
      `select after from operation_logs where target_id = $1 and after ? 'sessionsEnded' order by id desc limit 1`,
      [lowerId],
    );
    expect(log!.after.sessionsEnded).toBeGreaterThan(0);
    await context.close();
  });

  it('a reset password must be replaced at the next sign-in; an expired one is refused with the reason', async () => {
    const handed = await resetLower();
    const { context, page } = await openLogin();
    await signIn(page, LOWER.accountNo, handed);
    await page.getByTestId('change-password-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/change-password');
    // The password just typed is not asked for again.
    expect(await page.getByTestId('change-password-old').count()).toBe(0);
    // Nothing else opens meanwhile.
    await navigate(page, '/member/index');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/change-password');
    await keepScreenshot(page, 'sessions-change-password');

    LOWER.password = 'Lower2mine88';
    await page.getByTestId('change-password-new').fill(LOWER.password);
    await page.getByTestId('change-password-confirm').fill(LOWER.password);
    await page.getByTestId('change-password-submit').click();
    await page.getByTestId('dashboard').waitFor();
    expect((await call('signin', { accountNo: LOWER.accountNo, password: handed })).success).toBe(false);
    await context.close();

    // A handed-out password unused past the site's hours no longer signs in.
    const late = await resetLower();
    await db(`update accounts set password_expires_at = now() - interval '1 minute' where id = $1`, [lowerId]);
    const again = await openLogin();
    await signIn(again.page, LOWER.accountNo, late);
    expect(await again.page.getByTestId('login-error').textContent()).toBe(
      'This temporary password has expired; ask your upper agent for a new one',
    );
    await again.context.close();
    // A new one from the upper agent works; the spec chooses its own password again.
    await makeOwn(await resetLower(), 'Lower2mine99');
  });

  it("the site's admin saves the sign-in security; a value out of range is refused on the field", async () => {
    const { context, page } = await openSignedIn(browser());
    await useEnglish(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('site-security-open').click();
    const hours = page.getByTestId('site-security-hours');
    await hours.waitFor();
    expect(await hours.inputValue()).toBe('72');
    await hours.fill('0');
    await page.getByTestId('site-security-save').click();
    await page.getByText('Between 1 and 720 hours').waitFor();
    await hours.fill('48');
    await page.getByTestId('site-security-save').click();
    await page.getByText('Sign-in security saved').waitFor();
    const admin = await tokenOf(DEMO_ADMIN.accountNo, DEMO_ADMIN.password);
    try {
      expect((await call('site/security', {}, admin)).data).toEqual({ twoFactorRequired: false, handoffPasswordHours: 48 });
      const [log] = await db<{ before: unknown; after: unknown }>(
        `select before, after from operation_logs where target_record->>'kind' = 'siteSecurity' order by id desc limit 1`,
      );
      expect(log).toEqual({
        before: { twoFactorRequired: false, handoffPasswordHours: 72 },
        after: { twoFactorRequired: false, handoffPasswordHours: 48 },
      });
    } finally {
      // Other specs on this server hand out passwords too: the default again.
      await call('site/security/save', { twoFactorRequired: false, handoffPasswordHours: 72 }, admin);
    }
    await context.close();
  });

  it('the forced password change fits a phone, light then dark', async () => {
    // The own sessions page, the site's sign-in security and the member screen's sessions drawer
    // are layout.spec's, in every look; this page needs an account with a handed-out password.
    const phone = { width: 390, height: 844 };
    const handed = await resetLower();
    const { context, page } = await openLogin(phone);
    await signIn(page, LOWER.accountNo, handed);
    await page.getByTestId('change-password-page').waitFor();
    for (const dark of [false, true]) {
      const look = `phone-${dark ? 'dark' : 'light'}`;
      await setDark(page, dark);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `change-password ${look}: theme`).toBe(dark);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `change-password ${look}`).toBeLessThanOrEqual(phone.width);
      await keepScreenshot(page, `sessions-change-password-${look}`);
    }
    await context.close();
    await makeOwn(handed, 'Lower2phone77');
  });
});
