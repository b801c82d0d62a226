import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { manageApi, tokenOf } from '../support/manage-api.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

/**
 * Role permissions (/permission/index) in Chromium on tw_web: the admin creates a "content
 * editor" role with the activity codes through the drawer, assigns it to one of its agents and
 * finds it among the role's holders (the phone and dark looks: layout.spec.ts). The role
 * carries RUN in its zh_TW name and is removed afterwards (its assignment goes with it).
 */
const RUN = `e2e${Date.now().toString(36)}`;
const ZH_NAME = `content editor ${RUN}`;
const AGENT = 'agentA03';

/** The agent's own grant before the spec narrows it, put back afterwards. */
let agentGrant: string[] | undefined;
/** The role the first test creates; the second signs in as its holder. */
let created: { id: number } | undefined;

afterAll(async () => {
  await db(`delete from roles where name->>'zh_TW' = $1`, [ZH_NAME]);
  if (agentGrant) await db(`update accounts set permissions = $1 where site_id = 'tw_web' and account_no = $2`, [agentGrant, AGENT]);
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
    created = saved;

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

  it('the agent holding the role sees the announcement menu; when the role loses the codes, the menu drops it at the next navigation', async () => {
    expect(created, 'the first test created the role').toBeDefined();
    const { context: adminContext, page: admin } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(admin);
    // The agent's own grant loses the activity codes: from now on only the role gives them.
    const [agent] = await db<{ id: number; permissions: string[] }>(
      `select id, permissions from accounts where site_id = 'tw_web' and account_no = $1`,
      [AGENT],
    );
    agentGrant = agent!.permissions;
    const narrowed = await manageApi(admin, await tokenOf(admin), 'agent/change_permissions', {
      id: agent!.id,
      permissions: agentGrant.filter((c) => !c.startsWith('ACTIVITY_')),
    });
    expect(narrowed.success, JSON.stringify(narrowed)).toBe(true);

    const { context, page } = await openSignedIn(
      browser(),
      { width: 1440, height: 900 },
      { credentials: { accountNo: AGENT, password: DEMO_ADMIN.password }, landing: (p) => p.getByTestId('side-menu') },
    );
    await useEnglish(page);
    await announcementMenu(page).first().click();
    await page.getByTestId('side-menu').locator('[data-menu-id$="/announcement/activity"]').click();
    await page.getByTestId('content-page-ACTIVITY').waitFor();
    // The app asks for its codes on a navigation at most once every 5 s (PERM_CODES_CHECK_MS).
    const lastCheck = Date.now();
    await animationsDone(page);
    await keepScreenshot(page, 'roles-holder-sees-announcements-desktop-light');

    // The admin takes the activity codes out of the role in the drawer.
    await openFromMenu(admin);
    await admin.getByTestId('role-filter-name').locator('input').fill(RUN);
    await admin.getByTestId('role-filter-name').locator('input').press('Enter');
    await admin.getByTestId(`role-edit-${created!.id}`).click();
    await admin.getByTestId('role-code-tree').waitFor();
    await admin.getByTestId('role-code-ACTIVITY_READ').uncheck();
    await admin.getByTestId('role-code-ACTIVITY_WRITE').uncheck();
    await admin.getByTestId('role-save').click();
    await admin.getByTestId('role-drawer').waitFor({ state: 'hidden' });
    const [role] = await db<{ codes: string[] }>(`select codes from roles where id = $1`, [created!.id]);
    expect(role!.codes).toEqual([]);

    // No sign-out: the agent's next navigation (once the 5 s since its last check have passed)
    // asks for its codes again and the menu loses the entry.
    await page.waitForTimeout(Math.max(0, lastCheck + 5_500 - Date.now()));
    await page.getByTestId('side-menu').locator('[data-menu-id$="/member/index"]').click();
    await expect.poll(() => announcementMenu(page).count()).toBe(0);
    await animationsDone(page);
    await keepScreenshot(page, 'roles-holder-lost-announcements-desktop-light');
    await context.close();
    await adminContext.close();
  });
});
