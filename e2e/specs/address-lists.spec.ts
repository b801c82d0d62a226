import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorMessage } from '@agent-bo/shared';
import { axeFindings, describeFindings } from '../support/axe.js';
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
import { settled } from '../support/settled.js';
import { call, createAgent, tokenOf } from '../support/api.js';

// Address allow-lists (issue 33): an upper agent sets a member's list in the member screen's
// drawer; outside it the member's sign-in is refused with a clear message, inside it signs in, and
// a list set while the member is signed in signs it out with the same message. The spec owns its
// accounts: an agent of its own under the site's admin (who works the drawer) and that agent's
// child (whose list it sets). The browser reaches the server from 127.0.0.1.

const browser = useBrowser();

/** A fresh account number (8–12 letters or digits) per run. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`.slice(0, 12);

const upper = { accountNo: fresh('e2eal'), password: 'Upper0ffice7' };
const member = { accountNo: fresh('e2eam'), password: 'Member0ffice7' };
const REFUSED = errorMessage('ADDRESS_NOT_ALLOWED', 'en');

let memberId: number;

beforeAll(async () => {
  const admin = await tokenOf(DEMO_ADMIN.accountNo, DEMO_ADMIN.password);
  await createAgent(admin, upper, '20');
  memberId = await createAgent(await tokenOf(upper.accountNo, upper.password), member, '10');
});

/** The upper agent's member screen, in English, in `look`. */
async function openUpper(look: { width: number; height: number; dark?: boolean }): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openSignedIn(
    browser(),
    { width: look.width, height: look.height },
    { credentials: upper, at: '/member/index', landing: (p) => p.getByTestId('member-page') },
  );
  await useEnglish(page);
  if (look.dark !== undefined) await setDark(page, look.dark);
  return { page, close: () => context.close() };
}

/** Opens the member's address list from its row's "more" menu. */
async function openDrawer(page: Page): Promise<void> {
  await page.getByTestId(`action-more-${member.accountNo}`).click();
  await page.getByTestId('menu-address-list').click();
  await page.getByTestId('address-list-entries').waitFor();
}

async function saveList(page: Page, text: string): Promise<void> {
  await page.getByTestId('address-list-entries').fill(text);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/change_address_list'));
  await page.getByTestId('address-list-save').click();
  expect((await (await saved).json()) as { success: boolean }).toMatchObject({ success: true });
}

/** The member's sign-in at /login in a new context: its page and the server's answer (`code` 0 when it signed in). */
async function memberSignIn(): Promise<{ page: Page; answer: { code: number; message: string } }> {
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('locale-picker').waitFor();
  await useEnglish(page);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/manage/signin');
  await signIn(page, member.accountNo, member.password);
  const answer = (await (await response).json()) as { code: number; message: string };
  return { page, answer };
}

describe('address allow-lists', () => {
  it('a list set in the drawer without 127.0.0.1 refuses the member’s sign-in with a clear message', async () => {
    const { page, close } = await openUpper({ width: 1440, height: 900 });
    await openDrawer(page);
    // The upper agent sees the address the server sees it at, and no list above the member but its own.
    expect(await page.getByTestId('address-list-your-address').textContent()).toContain('127.0.0.1');
    expect(await page.getByTestId('address-list-own-state').textContent()).toBe('No list of its own: the lists above apply.');

    // An entry the server cannot read is named on the field, and nothing is saved.
    await page.getByTestId('address-list-entries').fill('203.0.113.0/24\noffice');
    await page.getByTestId('address-list-save').click();
    await expect
      .poll(() => page.getByTestId('address-list-error').textContent())
      .toBe(errorMessage('ADDRESS_LIST_INVALID', 'en', { entry: 'office' }));

    await saveList(page, '203.0.113.0/24\n2001:db8::/32');
    await expect
      .poll(() => page.getByTestId('address-list-own-state').textContent())
      .toMatch(new RegExp(`^Last set by ${upper.accountNo} at `));
    expect(await page.getByTestId('address-list-entries').inputValue()).toBe('203.0.113.0/24\n2001:db8::/32');
    await close();

    const { page: signin, answer } = await memberSignIn();
    expect(answer.message).toBe(REFUSED);
    await expect.poll(() => signin.getByTestId('login-error').textContent()).toBe(REFUSED);
    expect(new URL(signin.url()).pathname).toBe('/login');
    await keepScreenshot(signin, 'address-lists-sign-in-refused');
    await signin.context().close();
  });

  it('with 127.0.0.0/8 in the list the member signs in; a list set while it works signs it out with the message', async () => {
    const { page, close } = await openUpper({ width: 1440, height: 900 });
    await openDrawer(page);
    await saveList(page, '127.0.0.0/8\n203.0.113.0/24');

    const { page: signin, answer } = await memberSignIn();
    expect(answer, 'the member signs in from 127.0.0.1').toMatchObject({ code: 0 });
    await signin.getByTestId('app-header').waitFor();

    // The upper agent narrows the list again; the member's next call is refused and the app signs
    // out with the message. That call may be one the app makes by itself (the live stream's, a
    // count's) as soon as the list is saved, or the one the member's next move makes: the test
    // makes that move but does not count on it being first (a reload raced the app's own sign-out).
    const answered: string[] = [];
    signin.on('response', (r) => {
      if (r.request().headers().authorization) answered.push(`${new URL(r.url()).pathname} ${r.status()}`);
    });
    await saveList(page, '203.0.113.0/24');
    await navigate(signin, '/log/index');
    await expect.poll(() => new URL(signin.url()).pathname, { message: `the calls answered: ${answered.join(', ')}` }).toBe('/login');
    await expect.poll(() => signin.locator('.ant-message').textContent()).toContain(REFUSED);
    expect(
      answered.some((a) => a.endsWith(' 403')),
      `a call with the member's token refused: ${answered.join(', ')}`,
    ).toBe(true);
    await close();
    await signin.context().close();

    // The server kept what was saved last.
    const admin = await tokenOf(upper.accountNo, upper.password);
    const picture = await call<{ own: { cidrs: string[] } | null }>('agent/address_list', { id: memberId }, admin);
    expect(picture.data.own?.cidrs).toEqual(['203.0.113.0/24']);
  });

  it('the drawer shows the lists above the member read-only: the upper agent’s own, set by the admin', async () => {
    // A list on the upper agent itself, set by the admin, shows above the member's (127.0.0.1 in it, so the upper agent works on).
    const admin = await tokenOf(DEMO_ADMIN.accountNo, DEMO_ADMIN.password);
    const upperInfo = await call<{ id: number }>('userinfo', {}, await tokenOf(upper.accountNo, upper.password));
    const set = await call('agent/change_address_list', { id: upperInfo.data.id, cidrs: ['127.0.0.0/8', '198.51.100.0/24'] }, admin);
    expect(set.success, set.message).toBe(true);
    const { page, close } = await openUpper({ width: 1440, height: 900 });
    // The drawer in each look is layout.spec's (the first row's, with no list above it); the lists
    // above are only here, so axe reads them here, in both themes (the same page, no new load).
    for (const dark of [false, true]) {
      await setDark(page, dark);
      await openDrawer(page);
      const above = page.getByTestId(`address-list-above-${upper.accountNo}`);
      await above.waitFor();
      expect(await above.textContent()).toContain(`set by ${DEMO_ADMIN.accountNo}`);
      await settled(page);
      const findings = await axeFindings(page);
      expect(findings, describeFindings(findings)).toEqual([]);
      await keepScreenshot(page, `address-lists-drawer-above-${dark ? 'dark' : 'light'}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('address-list').waitFor({ state: 'hidden' });
    }
    await close();
  });
});
