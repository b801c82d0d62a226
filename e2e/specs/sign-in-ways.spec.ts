import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, newContext, signIn, useBrowser, useEnglish } from '../support/browser.js';
import { call, createAgent, tokenOf } from '../support/api.js';

// The other ways in (issue 33): sign-in with a code texted to a proved phone, and a forgotten
// password, by a code or through the upper agent. The spec owns its data: an agent of its own
// under the site's admin, whose phone it proves through the API; the demo's message driver keeps
// every code in the outbox, which the site's admin reads through the API.

const browser = useBrowser();

/** A fresh account number (8–12 letters or digits) per run. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`.slice(0, 12);
/** A Taiwanese mobile number of this run: one account per proved phone on a site. */
const PHONE = `+8869${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** The same number as a person might type it. */
const PHONE_TYPED = `${PHONE.slice(0, 4)} ${PHONE.slice(4, 7)} ${PHONE.slice(7, 10)} ${PHONE.slice(10)}`;

const agent = { accountNo: fresh('e2esw'), password: 'Hand0ver99' };

interface OutboxMessage {
  id: number;
  destination: string;
  body: string;
}

let adminToken: string;

/** The newest message of the outbox to `destination`, by id (0 when there is none). */
async function lastMessageId(destination: string): Promise<number> {
  const page = await call<{ list: OutboxMessage[] }>('outbox/list', { page: 1, pageSize: 50 }, adminToken);
  expect(page.success, page.message).toBe(true);
  return page.data.list.find((m) => m.destination === destination)?.id ?? 0;
}

/**
 * The code of the first message to `destination` newer than `after`, once the outbox holds it
 * (messages are sent after the answer, in the background).
 */
async function codeSentTo(destination: string, after: number): Promise<string> {
  // A loop of its own rather than expect.poll, which only runs inside a test (this also runs in beforeAll).
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const page = await call<{ list: OutboxMessage[] }>('outbox/list', { page: 1, pageSize: 50 }, adminToken);
    const message = page.data.list.find((m) => m.destination === destination && m.id > after);
    const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no code to ${destination} in the outbox`);
}

beforeAll(async () => {
  adminToken = await tokenOf(DEMO_ADMIN.accountNo, DEMO_ADMIN.password);
  await createAgent(adminToken, agent, '10');
  // The agent proves its phone: a code to the number, read from the outbox, confirmed.
  const token = await tokenOf(agent.accountNo, agent.password);
  const before = await lastMessageId(PHONE);
  const started = await call('contact/start', { channel: 'sms', destination: PHONE }, token);
  expect(started.success, started.message).toBe(true);
  const confirmed = await call('contact/confirm', { channel: 'sms', code: await codeSentTo(PHONE, before) }, token);
  expect(confirmed.success, confirmed.message).toBe(true);
});

/** A signed-out page at `path`, in English (the test machine's Chromium has no CJK font). */
async function openPublic(path: string): Promise<Page> {
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto(path);
  await page.getByTestId('locale-picker').waitFor();
  await useEnglish(page);
  return page;
}

describe('the other ways in', () => {
  it('signs in with a code texted to the proved phone, reached from the sign-in page', async () => {
    const page = await openPublic('/login');
    await page.getByTestId('login-phone').click();
    await page.getByTestId('phone-identifier').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/phone');
    expect(await page.getByTestId('phone-identifier').getAttribute('placeholder')).toContain('+886');

    const before = await lastMessageId(PHONE);
    await page.getByTestId('phone-identifier').fill(PHONE_TYPED);
    await page.getByTestId('phone-send').click();
    await expect.poll(() => page.getByTestId('phone-sent').textContent()).toContain('If this account has a proved phone number');
    // The next code waits a minute.
    await expect.poll(() => page.getByTestId('phone-send').isDisabled()).toBe(true);
    expect(await page.getByTestId('phone-send').textContent()).toMatch(/^Send again in \d+ s$/);
    const code = await codeSentTo(PHONE, before);
    await page.getByTestId('phone-code').fill(code);
    await keepScreenshot(page, 'sign-in-ways-phone-code-sent');
    await page.getByTestId('phone-submit').click();
    await page.getByTestId('dashboard').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByTestId('app-header').textContent()).toContain(`E2E ${agent.accountNo}`);

    // A code is good once.
    const again = await call('signin/code', { identifier: PHONE, code });
    expect(again.code).toBe(1013);
    await page.context().close();
  });

  it('sets a new password with a code to the phone; the new password signs in and the old one no longer does', async () => {
    const page = await openPublic('/login');
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('forgot-account').waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');

    const before = await lastMessageId(PHONE);
    await page.getByTestId('forgot-account').fill(agent.accountNo);
    await page.getByTestId('forgot-way-sms').click();
    await page.getByTestId('forgot-submit').click();
    await expect
      .poll(() => page.getByTestId('forgot-sent').textContent())
      .toBe(
        `If the account ${agent.accountNo} exists and has a proved phone number, a 6-digit code is on its way to it. The code is valid for 5 minutes.`,
      );
    const code = await codeSentTo(PHONE, before);
    const password = 'Fresh2day77';
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-password').fill(password);
    await page.getByTestId('forgot-confirm').fill(password);
    await keepScreenshot(page, 'sign-in-ways-forgot-code');
    await page.getByTestId('forgot-reset').click();
    await page.getByTestId('forgot-done').waitFor();
    await keepScreenshot(page, 'sign-in-ways-forgot-done');

    expect((await call('signin', { accountNo: agent.accountNo, password: agent.password })).success).toBe(false);
    agent.password = password;
    await page.getByTestId('forgot-signin').click();
    await page.getByTestId('login-account').waitFor();
    await signIn(page, agent.accountNo, password);
    await page.getByTestId('dashboard').waitFor();
    await page.context().close();
  });

  it('through the upper agent: the same neutral answer for the agent and for an account that does not exist', async () => {
    const page = await openPublic('/forgot-password');
    const neutral = (accountNo: string) =>
      `If the account ${accountNo} exists and has an upper agent, your request is now with them. They will reset your password and hand you the new one; then sign in with it.`;
    for (const accountNo of [agent.accountNo, fresh('nobody')]) {
      await page.getByTestId('forgot-account').fill(accountNo);
      await page.getByTestId('forgot-way-UPPER').click();
      await page.getByTestId('forgot-submit').click();
      await expect.poll(() => page.getByTestId('forgot-sent').textContent()).toBe(neutral(accountNo));
      await keepScreenshot(page, 'sign-in-ways-forgot-upper');
      await page.getByTestId('recovery-back-login').click();
      await page.getByTestId('login-forgot').click();
    }
    // The request reached the upper agent (the site's admin); the made-up account's went nowhere.
    const requests = await call<{ list: { accountNo: string }[] }>('member/reset_requests', {}, adminToken);
    expect(requests.data.list.map((r) => r.accountNo)).toContain(agent.accountNo);
    await page.context().close();
  });
});
