import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, newContext, useBrowser } from '../support/browser.js';
import { createAgent, tokenOf as signedInToken } from '../support/api.js';
import { fieldRefused } from '../support/form.js';
import { manageApi, tokenOf } from '../support/manage-api.js';
import { openMembers } from '../support/members.js';

const browser = useBrowser();

const DEMO_PASSWORD = 'Demo1234';
/** A fresh account number (8–12 letters or digits) per run. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`.slice(0, 12);

async function wizardNext(page: Page, step: number): Promise<void> {
  await page.getByTestId('wizard-next').click();
  await expect.poll(() => page.getByTestId('wizard').getAttribute('data-step')).toBe(String(step));
}

describe('members: agents, players and shadow accounts', () => {
  it('creates an agent through the wizard and copies its info', async () => {
    const { context, page } = await openMembers(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('agent-open-agentA01').waitFor();
    await keepScreenshot(page, 'member-agents');

    await page.getByTestId('create-agent').click();
    await page.getByTestId('wizard').waitFor();
    // Step 1: the account number is suggested by the server, then replaced by ours.
    await expect.poll(() => page.getByTestId('wizard-accountNo').inputValue()).toMatch(/^[A-Za-z0-9]{8,12}$/);
    const accountNo = fresh('e2eag');
    const password = 'Hand0ver99';
    await page.getByTestId('wizard-accountNo').fill(accountNo);
    await page.getByTestId('wizard-nickName').fill('E2E agent');
    await page.getByTestId('wizard-password').fill(password);
    await keepScreenshot(page, 'member-wizard-account');
    await wizardNext(page, 1);
    // Step 2: the ratio may not exceed the parent's (the admin: 100 %).
    await page.getByTestId('wizard-ratio').fill('120');
    await page.getByTestId('wizard-next').click();
    await fieldRefused(page, 'wizard-ratio');
    expect(await page.getByTestId('wizard').getAttribute('data-step')).toBe('1');
    await page.getByTestId('wizard-ratio').fill('45.5');
    await wizardNext(page, 2);
    await page.locator('[data-testid^="wizard-provider-"]').first().waitFor();
    await keepScreenshot(page, 'member-wizard-providers');
    await wizardNext(page, 3);
    await page.locator('[data-testid^="wizard-betlimit-"]').first().waitFor();
    await wizardNext(page, 4);
    await page.getByTestId('wizard-review').waitFor();
    expect(await page.getByTestId('wizard-review').textContent()).toContain(accountNo);
    await keepScreenshot(page, 'member-wizard-review');
    await page.getByTestId('wizard-submit').click();

    await expect.poll(() => page.getByTestId('wizard').getAttribute('data-step')).toBe('success');
    expect(await page.getByTestId('copy-info-account').textContent()).toBe(accountNo);
    await page.getByTestId('copy-button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(accountNo);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(password);
    await keepScreenshot(page, 'member-wizard-success');
    await page.getByTestId('wizard-done').click();
    await page.getByTestId(`agent-open-${accountNo}`).waitFor();
    await context.close();
  });

  it('a new agent sees only its own subtree, and the server and the URL agree', async () => {
    // The agent is opened through the API (the wizard is the test above), chooses its own
    // password, signs in in its own context and sees only its own, still empty, subtree.
    const accountNo = fresh('e2eown');
    const password = 'Hand0ver99';
    await createAgent(await signedInToken(DEMO_ADMIN.accountNo, DEMO_ADMIN.password), { accountNo, password }, '10');
    const { context: own, page: ownPage } = await openMembers(browser(), { accountNo, password });
    await ownPage.getByTestId('agents-table').locator('.ant-empty').waitFor();
    expect(await ownPage.getByTestId('member-crumb-me').textContent()).toContain(accountNo);
    expect(await ownPage.getByTestId('agent-open-agentA01').count()).toBe(0);
    await ownPage.getByTestId('tab-players').click();
    await ownPage.getByTestId('players-table').locator('.ant-empty').waitFor();
    expect(await ownPage.getByTestId('player-player001').count()).toBe(0);
    // Its writes are its own: it may create below itself.
    expect(await ownPage.getByTestId('create-player').count()).toBe(1);
    // And the server agrees: an account outside its subtree is out of reach.
    const token = await tokenOf(ownPage, accountNo, password);
    const outside = await manageApi(ownPage, token, 'agent/upper_agents', { id: 2 });
    expect(outside.success).toBe(false);
    // Opening an outside level by URL shows the refusal, not the other agent's accounts.
    await ownPage.goto('/member/index?parent=2');
    await ownPage.getByTestId('member-unreachable').waitFor();
    expect(await ownPage.getByTestId('agent-open-agentB01').count()).toBe(0);
    await own.close();
  });

  it('creates a player and disables it; the status shows disabled', async () => {
    const { context, page } = await openMembers(browser());
    await page.getByTestId('tab-players').click();
    await page.getByTestId('create-player').click();
    await page.getByTestId('wizard').waitFor();
    await expect.poll(() => page.getByTestId('wizard-accountNo').inputValue()).not.toBe('');
    const accountNo = fresh('e2epl');
    await page.getByTestId('wizard-accountNo').fill(accountNo);
    await page.getByTestId('wizard-nickName').fill('E2E player');
    await page.getByTestId('wizard-generate').click();
    await wizardNext(page, 1);
    expect(await page.getByTestId('wizard-wallet').textContent()).toContain('0.00');
    await keepScreenshot(page, 'member-wizard-wallet');
    await wizardNext(page, 2);
    await wizardNext(page, 3);
    await wizardNext(page, 4);
    await page.getByTestId('wizard-submit').click();
    await expect.poll(() => page.getByTestId('wizard').getAttribute('data-step')).toBe('success');
    expect(await page.getByTestId('copy-info-account').textContent()).toBe(accountNo);
    await page.getByTestId('wizard-done').click();

    await page.getByTestId('players-filter-accountNo').fill(accountNo);
    await page.getByTestId('players-search').click();
    await page.getByTestId(`status-${accountNo}`).waitFor();
    expect(await page.getByTestId(`status-${accountNo}`).getAttribute('data-status')).toBe('active');
    await page.getByTestId(`action-more-${accountNo}`).click();
    await page.getByTestId('menu-status-DISABLE').click();
    await page.getByTestId('status-confirm-ok').click();
    await expect.poll(() => page.getByTestId(`status-${accountNo}`).getAttribute('data-status')).toBe('disabled');
    await keepScreenshot(page, 'member-player-disabled');

    // The history shows the creation and the status change.
    // Opened from the row's menu once the status dialog has gone (the app's motion is off in
    // these pages, so the menu and the dialog leave at once).
    await page.getByTestId('status-confirm-ok').waitFor({ state: 'hidden' });
    await page.getByTestId(`action-more-${accountNo}`).click();
    await page.getByTestId('menu-history').click();
    await page.getByTestId('history').locator('.ant-table-row').nth(1).waitFor();
    // The status change reads as its translated label and words (zh_TW), not as the stored keys.
    const history = page.getByTestId('history');
    expect(await history.getByTestId('log-change').first().textContent()).toContain('禁止登入: 否 → 是');
    expect(await history.textContent()).not.toContain('isDisabled');
    await keepScreenshot(page, 'member-history');
    await context.close();
  });

  it('registers a player through an invite URL and verifies it in the verify dialog', async () => {
    const { context, page } = await openMembers(browser());
    const token = await tokenOf(page);
    const agents = await manageApi<{ list: { id: number; accountNo: string }[] }>(page, token, 'agent/lower_agents', { pageSize: 10 });
    const a01 = agents.data.list.find((a) => a.accountNo === 'agentA01');
    expect(a01).toBeDefined();
    const invite = await manageApi<{ url: string }>(page, token, 'agent/copy_invite_url', { id: a01!.id });
    expect(invite.success).toBe(true);
    const url = new URL(invite.data.url);

    // The public page, in a context without any session.
    const visitor = await newContext(browser());
    const reg = await visitor.newPage();
    await reg.goto(`${url.pathname}${url.search}`);
    await reg.getByTestId('register-form').waitFor();
    await keepScreenshot(reg, 'register');
    const accountNo = fresh('e2erg');
    await reg.getByTestId('register-accountNo').fill(accountNo);
    await reg.getByTestId('register-nickName').fill('Self made');
    await reg.getByTestId('register-password').fill('Regist3rMe');
    await reg.getByTestId('register-confirm').fill('Regist3rMe');
    await reg.getByTestId('register-submit').click();
    await reg.getByTestId('register-success').waitFor();
    await reg.getByTestId('register-realName').fill('Chen Mei');
    await reg.getByTestId('register-phone').fill('+886 912 000 111');
    await reg.getByTestId('register-verify-submit').click();
    await reg.getByTestId('register-verify-sent').waitFor();
    await visitor.close();

    // The agent's level: drill down from the admin, the breadcrumb shows the chain.
    await page.getByTestId('agent-open-agentA01').click();
    await page.getByTestId('member-crumb-current').waitFor();
    await expect.poll(() => page.getByTestId('member-crumb-current').textContent()).toBe('agentA01');
    await page.getByTestId('tab-players').click();
    await page.getByTestId('players-filter-accountNo').fill(accountNo);
    await page.getByTestId('players-search').click();
    await expect.poll(() => page.getByTestId(`verify-${accountNo}`).getAttribute('data-verify')).toBe('PENDING');
    await page.getByTestId(`action-more-${accountNo}`).click();
    await page.getByTestId('menu-verify').click();
    await expect.poll(() => page.getByTestId('verify-realname').textContent()).toBe('Chen Mei');
    await keepScreenshot(page, 'member-verify');
    await page.getByTestId('verify-approve').click();
    await expect.poll(() => page.getByTestId(`verify-${accountNo}`).getAttribute('data-verify')).toBe('VERIFIED');

    // A reload keeps the level (the URL holds it) and deeper levels extend the breadcrumb.
    await page.reload();
    await expect.poll(() => page.getByTestId('member-crumb-current').textContent()).toBe('agentA01');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('players');
    await page.getByTestId('tab-agents').click();
    await page.getByTestId('agent-open-agentB01').click();
    await page.getByTestId('agent-open-agentC01').click();
    await expect.poll(() => page.getByTestId('member-crumb-current').textContent()).toBe('agentC01');
    await page.getByTestId('member-crumb-agentA01').waitFor();
    await page.getByTestId('member-crumb-agentB01').waitFor();
    await page.goBack();
    await expect.poll(() => page.getByTestId('member-crumb-current').textContent()).toBe('agentB01');
    await keepScreenshot(page, 'member-drilldown');

    // Server paging: agentC01 has 11 players (default page size 10).
    type Rows = { list: { id: number; accountNo: string }[] };
    const b01 = (await manageApi<Rows>(page, token, 'agent/lower_agents', { parentId: a01!.id })).data.list.find(
      (a) => a.accountNo === 'agentB01',
    )!;
    const c01 = (await manageApi<Rows>(page, token, 'agent/lower_agents', { parentId: b01.id })).data.list.find(
      (a) => a.accountNo === 'agentC01',
    )!;
    await page.goto(`/member/index?parent=${c01.id}&tab=players`);
    const playerRows = page.getByTestId('players-table').locator('[data-testid^="player-"]');
    await expect.poll(() => playerRows.count()).toBe(10);
    await page.getByTestId('players-table').locator('.ant-pagination-item-2').click();
    await expect.poll(() => playerRows.count()).toBe(1);
    await context.close();
  });

  it('lets a shadow look but shows no write control, and the API refuses its forged write', async () => {
    const { context, page } = await openMembers(browser(), { accountNo: 'shadowA01', password: DEMO_PASSWORD });
    await page.getByTestId('agent-open-agentB01').waitFor();
    expect(await page.getByTestId('member-page').getAttribute('data-write')).toBe('no');
    for (const id of ['create-agent', 'create-player', 'create-shadow']) expect(await page.getByTestId(id).count()).toBe(0);
    expect(await page.locator('[data-testid^="action-edit-"]').count()).toBe(0);
    await page.getByTestId('action-more-agentB01').click();
    await page.getByTestId('menu-history').waitFor();
    for (const id of ['menu-move', 'menu-reset', 'menu-permissions']) expect(await page.getByTestId(id).count()).toBe(0);
    expect(await page.locator('[data-testid^="menu-status-"]').count()).toBe(0);
    await keepScreenshot(page, 'member-shadow');
    await page.keyboard.press('Escape');

    await page.getByTestId('tab-players').click();
    const firstPlayer = page.locator('[data-testid^="action-more-player"]').first();
    await firstPlayer.waitFor();
    await firstPlayer.click();
    await page.getByTestId('menu-history').last().waitFor();
    expect(await page.locator('[data-testid^="menu-status-"]').count()).toBe(0);
    expect(await page.getByTestId('menu-verify').count()).toBe(0);
    expect(await page.locator('[data-testid^="action-edit-"]').count()).toBe(0);

    // A forged write with the shadow's own token is refused, and nothing changes.
    const token = await tokenOf(page, 'shadowA01', DEMO_PASSWORD);
    const agents = await manageApi<{ list: { id: number; accountNo: string; isDisabled: boolean }[] }>(page, token, 'agent/lower_agents', {
      pageSize: 10,
    });
    expect(agents.success).toBe(true);
    const b01 = agents.data.list.find((a) => a.accountNo === 'agentB01')!;
    const forged = await manageApi(page, token, 'agent/change_status', { id: b01.id, action: 'DISABLE' });
    expect(forged.success).toBe(false);
    const create = await manageApi(page, token, 'agent/create', {
      accountNo: fresh('forged'),
      nickName: 'Forged',
      password: 'Forged123',
      ratio: '1',
      providers: [],
      betLimits: [],
    });
    expect(create.success).toBe(false);
    const after = await manageApi<{ list: { accountNo: string; isDisabled: boolean }[] }>(page, token, 'agent/lower_agents', {
      pageSize: 10,
    });
    expect(after.data.list.find((a) => a.accountNo === 'agentB01')?.isDisabled).toBe(false);
    await context.close();
  });
});
