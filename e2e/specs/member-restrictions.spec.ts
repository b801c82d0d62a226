import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { manageApi, tokenOf } from '../support/manage-api.js';

const browser = useBrowser();
const B01 = { accountNo: 'agentB01', password: 'Demo1234' };

type Rows = { list: { id: number; accountNo: string }[] };
let c01 = 0;

/** The admin disables agentC01 (below agentB01, who holds no ROLE_PERMISSION_WRITE). */
beforeAll(async () => {
  const { context, page } = await openSignedIn(browser());
  const admin = await tokenOf(page);
  const a01 = (await manageApi<Rows>(page, admin, 'agent/lower_agents', { pageSize: 100 })).data.list.find(
    (a) => a.accountNo === 'agentA01',
  )!;
  const b01 = (await manageApi<Rows>(page, admin, 'agent/lower_agents', { parentId: a01.id })).data.list.find(
    (a) => a.accountNo === 'agentB01',
  )!;
  c01 = (await manageApi<Rows>(page, admin, 'agent/lower_agents', { parentId: b01.id })).data.list.find(
    (a) => a.accountNo === 'agentC01',
  )!.id;
  expect((await manageApi(page, admin, 'agent/change_status', { id: c01, action: 'DISABLE' })).success).toBe(true);
  await context.close();
});

afterAll(async () => {
  const { context, page } = await openSignedIn(browser());
  await manageApi(page, await tokenOf(page), 'agent/change_status', { id: c01, action: 'ACTIVE' });
  await context.close();
});

async function openAsB01(size: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openSignedIn(browser(), size, { credentials: B01, at: '/member/index' });
  await useEnglish(page);
  await page.getByTestId('setby-agentC01-disabled').waitFor();
  // The status column may sit behind the pinned actions: scroll the table sideways to it.
  await page.getByTestId('status-agentC01').evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'center' }));
  return { page, close: () => context.close() };
}

describe('member screen: who set a restriction, and what the viewer may lift', () => {
  it('agentB01 sees "set by admin001", no lift of it and no permission form; the API refuses the lift too', async () => {
    const { page, close } = await openAsB01({ width: 1440, height: 900 });
    expect(await page.getByTestId('setby-agentC01-disabled').textContent()).toContain('set by admin001');
    await page.getByTestId('action-more-agentC01').click();
    await page.getByTestId('menu-history').waitFor();
    expect(await page.getByTestId('menu-status-ACTIVE').count()).toBe(0);
    expect(await page.getByTestId('menu-status-FULLY_DISABLE').count()).toBe(1);
    expect(await page.getByTestId('menu-permissions').count()).toBe(0);
    await keepScreenshot(page, 'member-setby-desktop-light');
    await page.keyboard.press('Escape');

    const token = await tokenOf(page, B01.accountNo, B01.password);
    expect(await manageApi(page, token, 'agent/change_status', { id: c01, action: 'ACTIVE' })).toMatchObject({
      success: false,
      code: 2013,
    });
    expect(await manageApi(page, token, 'agent/change_permissions', { id: c01, permissions: [] })).toMatchObject({
      success: false,
      code: 1006,
    });
    await close();
  });
});
