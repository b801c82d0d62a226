import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, newContext, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { manageApi, tokenOf } from '../support/manage-api.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

/**
 * Role permissions (/permission/index) in Chromium on tw_web: the admin creates a "content
 * editor" role with the activity codes through the drawer, assigns it to one of its agents and
 * finds it among the role's holders (the phone and dark looks: layout.spec.ts); an agent holding a
 * role follows its codes without signing in again. The roles carry RUN in their zh_TW names and
 * are removed afterwards (their assignments go with them).
 */
const RUN = `e2e${Date.now().toString(36)}`;
const ZH_NAME = `content editor ${RUN}`;
const AGENT = 'agentA03';
/** The role the second test gives the agent through the API. */
const HOLDER_NAME = `holder role ${RUN}`;

/** The agent's own grant before the second test narrows it, put back afterwards. */
let holderGrant: { accountNo: string; permissions: string[] } | undefined;

afterAll(async () => {
  await db(`delete from roles where name->>'zh_TW' = any($1)`, [[ZH_NAME, HOLDER_NAME]]);
  if (holderGrant) {
    await db(`update accounts set permissions = $1 where site_id = 'tw_web' and account_no = $2`, [
      holderGrant.permissions,
      holderGrant.accountNo,
    ]);
  }
});

const announcementMenu = (page: Page) => page.getByTestId('side-menu').locator('[data-menu-id$="/announcement"]');

async function openFromMenu(page: Page): Promise<void> {
  await page.getByTestId('side-menu').locator('[data-menu-id$="/permission/index"]').click();
  await page.getByTestId('permission-page').waitFor();
}

describe('role permissions', () => {
  it('creates a content editor role with the activity codes and assigns it to an agent', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    await openFromMenu(page);
    await page.locator('[data-testid^="role-row-"]').first().waitFor();

    await page.getByTestId('role-create').click();
    await page.getByTestId('role-code-tree').waitFor();
    await page.getByTestId('role-name-zh_TW').fill(ZH_NAME);
    await page.getByTestId('role-name-en').fill('content editor');
    await page.getByTestId('role-description-en').fill('Manages activities and announcements');
    await page.getByTestId('role-code-ACTIVITY_READ').check();
    await page.getByTestId('role-code-ACTIVITY_WRITE').check();
    await animationsDone(page);
    await keepScreenshot(page, 'roles-drawer-desktop-light');
    await page.getByTestId('role-save').click();
    await page.getByTestId('role-drawer').waitFor({ state: 'hidden' });

    // The admin's language is English: the row shows the English name.
    await page.getByTestId('role-filter-name').locator('input').fill(RUN);
    await page.getByTestId('role-filter-name').locator('input').press('Enter');
    const row = page.getByTestId('role-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().innerText()).toContain('content editor');
    const [saved] = await db<{ id: number; codes: string[] }>(`select id, codes from roles where name->>'zh_TW' = $1`, [ZH_NAME]);
    expect(saved?.codes.sort()).toEqual(['ACTIVITY_READ', 'ACTIVITY_WRITE']);
    expect(await page.getByTestId(`role-codes-${saved!.id}`).innerText()).toBe('2');

    await page.getByTestId(`role-holders-${saved!.id}`).click();
    await page.getByTestId('role-holders').waitFor();
    // The search reaches the whole subtree: agents two levels down, with the agent they hang under.
    await page.getByTestId('role-assign-search').click();
    await page.keyboard.type('agentC0');
    await page.locator('.ant-select-item-option', { hasText: 'agentB01' }).first().waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'roles-assign-search-desktop-light');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(AGENT);
    await page.locator('.ant-select-item-option', { hasText: AGENT }).click();
    await page.getByTestId('role-assign').click();
    await page.getByTestId('role-holders').locator('tr', { hasText: AGENT }).waitFor();
    const held = await db<{ account_no: string }>(
      `select a.account_no from account_roles ar join accounts a on a.id = ar.account_id where ar.role_id = $1`,
      [saved!.id],
    );
    expect(held.map((h) => h.account_no)).toEqual([AGENT]);
    await animationsDone(page);
    await keepScreenshot(page, 'roles-holders-desktop-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('role-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('role-filter-name').locator('input').fill('');
    await page.getByTestId('role-filter-name').locator('input').press('Enter');
    await expect.poll(() => row.count()).toBeGreaterThan(1);
    await keepScreenshot(page, 'roles-list-desktop-light');
    await context.close();
  });

  it('the agent holding a role sees the announcement menu; when the role loses the codes, the menu drops it at the next navigation', async () => {
    // Set up through the API, so this test needs nothing of the one above (the drawer is that
    // test's): the agent's own grant loses the activity codes, and a role of its own gives them.
    const apiContext = await newContext(browser());
    const api = await apiContext.newPage();
    const admin = await tokenOf(api);
    const [agent] = await db<{ id: number; account_no: string; permissions: string[] }>(
      `select id, account_no, permissions from accounts where site_id = 'tw_web' and account_no = $1`,
      [AGENT],
    );
    holderGrant ??= { accountNo: AGENT, permissions: agent!.permissions };
    // Only this test's role may give the codes: roles the agent holds already (the demo gives it
    // none; the first test gives it its own) are taken back first.
    const held = await db<{ role_id: number }>(`select role_id from account_roles where account_id = $1`, [agent!.id]);
    if (held.length > 0) {
      const taken = await manageApi(api, admin, 'role/unassign', { accountId: agent!.id, roleIds: held.map((h) => h.role_id) });
      expect(taken.success, JSON.stringify(taken)).toBe(true);
    }
    const narrowed = await manageApi(api, admin, 'agent/change_permissions', {
      id: agent!.id,
      permissions: agent!.permissions.filter((c) => !c.startsWith('ACTIVITY_')),
    });
    expect(narrowed.success, JSON.stringify(narrowed)).toBe(true);
    const name = { zh_TW: HOLDER_NAME, en: HOLDER_NAME, th: '', vi: '' };
    const role = await manageApi<{ id: number; version: number }>(api, admin, 'role/save', {
      name,
      codes: ['ACTIVITY_READ', 'ACTIVITY_WRITE'],
    });
    expect(role.success, JSON.stringify(role)).toBe(true);
    const assigned = await manageApi(api, admin, 'role/assign', { accountId: agent!.id, roleIds: [role.data.id] });
    expect(assigned.success, JSON.stringify(assigned)).toBe(true);

    const { context, page } = await openSignedIn(
      browser(),
      { width: 1440, height: 900 },
      { credentials: { accountNo: agent!.account_no, password: DEMO_ADMIN.password }, landing: (p) => p.getByTestId('side-menu') },
    );
    await useEnglish(page);
    await announcementMenu(page).first().click();
    await page.getByTestId('side-menu').locator('[data-menu-id$="/announcement/activity"]').click();
    await page.getByTestId('content-page-ACTIVITY').waitFor();
    // The app asks for its codes on a navigation at most once every 5 s (PERM_CODES_CHECK_MS).
    const lastCheck = Date.now();
    await animationsDone(page);
    await keepScreenshot(page, 'roles-holder-sees-announcements-desktop-light');

    // The admin takes the activity codes out of the role.
    const emptied = await manageApi(api, admin, 'role/save', { id: role.data.id, version: role.data.version, name, codes: [] });
    expect(emptied.success, JSON.stringify(emptied)).toBe(true);

    // No sign-out: the agent's next navigation (once the 5 s since its last check have passed)
    // asks for its codes again and the menu loses the entry.
    await page.waitForTimeout(Math.max(0, lastCheck + 5_500 - Date.now()));
    await page.getByTestId('side-menu').locator('[data-menu-id$="/member/index"]').click();
    await expect.poll(() => announcementMenu(page).count()).toBe(0);
    await animationsDone(page);
    await keepScreenshot(page, 'roles-holder-lost-announcements-desktop-light');
    await context.close();
    await apiContext.close();
  });
});
