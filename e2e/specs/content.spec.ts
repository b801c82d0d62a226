import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, newContext, openSignedIn, signIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';

const browser = useBrowser();

/**
 * Site content (/announcement) in Chromium on tw_web: an activity with an image created through
 * the screen and chosen as the pop-up; a pop-up activity opens at the next sign-in, once per
 * session; a broadcast published in one
 * browser scrolls in another's header without a reload; a reader sees no write controls.
 * Everything this spec creates carries RUN in its title and is removed afterwards, and the
 * pop-up list is emptied again (the browser run starts without pop-ups: global-setup.ts).
 */
const RUN = `e2e${Date.now().toString(36)}`;

afterAll(async () => {
  await db(`update content_items set pop_order = null where pop_order is not null`);
  await db(`delete from content_items where title->>'zh_TW' like $1`, [`%${RUN}%`]);
});

/** A real banner to upload: one of the demo's, read back from the server as a file. */
async function bannerFile(page: Page): Promise<string> {
  const [row] = await db<{ image_id: string }>(`select image_id from content_items where image_id is not null order by id limit 1`);
  const bytes = await page.evaluate(
    async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())),
    `/api/files/${row!.image_id}`,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'content-e2e-')), 'banner.png');
  writeFileSync(file, Buffer.from(bytes));
  return file;
}

async function openFromMenu(page: Page, path: string, type: string): Promise<void> {
  const menu = page.getByTestId('side-menu');
  const parent = menu.locator('[data-menu-id$="/announcement"]').first();
  if (!(await menu.locator(`[data-menu-id$="${path}"]`).isVisible())) await parent.click();
  await menu.locator(`[data-menu-id$="${path}"]`).click();
  await page.getByTestId(`content-page-${type}`).waitFor();
}

/** Rows of this run in the table. */
const runRow = (page: Page, title: string) => page.getByTestId('content-table').locator('tr', { hasText: title });

async function createActivity(page: Page, title: string): Promise<void> {
  await page.getByTestId('content-create').click();
  const drawer = page.getByTestId('content-drawer');
  await drawer.waitFor();
  await page.getByTestId('content-title-zh_TW').fill(title);
  await page.getByTestId('content-body-zh_TW').locator('.ProseMirror').click();
  await page.keyboard.type('A pop-up made by the browser suite.');
  await page.getByTestId('content-image-input').setInputFiles(await bannerFile(page));
  await expect.poll(() => page.getByTestId('content-image').locator('img').count()).toBe(1);
  await page.getByTestId('content-published').click();
  await keepScreenshot(page, 'content-activity-drawer-desktop-light');
  await page.getByTestId('content-save').click();
  await drawer.waitFor({ state: 'hidden' });
  await runRow(page, title).first().waitFor();
}

async function choosePopUp(page: Page, title: string): Promise<number> {
  const [item] = await db<{ id: number; image_id: string | null; status: string }>(
    `select id, image_id, status from content_items where title->>'zh_TW' = $1`,
    [title],
  );
  expect(item).toMatchObject({ status: 'Published', image_id: expect.stringMatching(/^[0-9a-f]{64}$/) });
  await page.getByTestId('content-pops').click();
  // The browser run starts with no pop-ups: the dialog opens on its empty list and the picker.
  await page.getByTestId('pop-add').waitFor();
  const add = page.getByTestId('pop-add');
  await add.click();
  await page.keyboard.type(title);
  await page.locator('.ant-select-dropdown').getByTestId(`pop-candidate-${item!.id}`).filter({ visible: true }).click();
  await page.getByTestId(`pop-row-${item!.id}`).waitFor();
  await keepScreenshot(page, 'content-pops-modal-desktop-light');
  await page.getByTestId('pops-save').click();
  await page.getByTestId('pop-add').waitFor({ state: 'hidden' });
  await expect
    .poll(
      async () => (await db<{ pop_order: number | null }>(`select pop_order from content_items where id = $1`, [item!.id]))[0]!.pop_order,
    )
    .toBe(0);
  return item!.id;
}

async function signedInAt(b: Browser, size: { width: number; height: number }, accountNo = DEMO_ADMIN.accountNo) {
  const context = await newContext(b, size);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, accountNo, DEMO_ADMIN.password);
  return { context, page };
}

describe('site content', () => {
  it('an activity with an image is created through the screen and chosen as the pop-up', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    await openFromMenu(page, '/announcement/activity', 'ACTIVITY');
    const title = `瀏覽器活動 ${RUN}`;
    await createActivity(page, title);
    await keepScreenshot(page, 'content-activity-desktop-light');
    await choosePopUp(page, title);
    await context.close();
    // The rest of the run signs in without a pop-up in the way.
    await db(`update content_items set pop_order = null where pop_order is not null`);
  });

  it('the pop-up activity opens at the next sign-in, with its image, and not again in the same session', async () => {
    // Its own pop-up, so this test does not depend on the one above: a published, current copy of
    // a demo activity with an image, first in the pop-up order.
    const title = `彈窗活動 ${RUN}`;
    await db(
      `insert into content_items (site_id, type, title, body, image_id, start_at, end_at, status, sort, pop_order)
       select site_id, type, jsonb_build_object('zh_TW', $1::text, 'en', '', 'th', '', 'vi', ''), body, image_id,
              now() - interval '1 day', now() + interval '30 days', 'Published', 0, 0
         from content_items where site_id = 'tw_web' and type = 'ACTIVITY' and image_id is not null order by id limit 1`,
      [title],
    );
    const again = await signedInAt(browser(), { width: 1440, height: 900 });
    const pops = again.page.getByTestId('activity-pops');
    // The test id sits on the modal's root, which has no box of its own: wait for its button.
    await again.page.getByTestId('activity-pops-close').waitFor();
    await expect.poll(() => pops.getByText(title).count()).toBeGreaterThan(0);
    expect(await pops.locator('img').first().getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    await keepScreenshot(again.page, 'content-pop-after-signin-desktop');
    await again.page.getByTestId('activity-pops-close').click();
    await again.page.getByTestId('activity-pops-close').waitFor({ state: 'detached' });
    // A reload of the same session does not show it again.
    await again.page.reload();
    await again.page.getByTestId('dashboard').waitFor();
    await again.page.waitForTimeout(1000);
    expect(await again.page.getByTestId('activity-pops').count()).toBe(0);
    await again.context.close();
    await db(`update content_items set pop_order = null where pop_order is not null`);
  });

  it('a broadcast published in one browser scrolls in another signed-in browser without a reload', async () => {
    // With motion: under reduced motion the marquee shows one line at a time instead of scrolling them all.
    const reader = await openSignedIn(browser(), { width: 1440, height: 900 }, { motion: true });
    await useEnglish(reader.page);
    const marquee = reader.page.getByTestId('broadcast-marquee');
    const line = `Live line ${RUN}`;
    expect(await reader.page.getByText(line).count()).toBe(0);

    const editor = await openSignedIn(browser(), { width: 1440, height: 900 }, { at: '/announcement/broadcast' });
    await useEnglish(editor.page);
    await editor.page.getByTestId('content-page-BROADCAST').waitFor();
    await editor.page.getByTestId('content-create').click();
    await editor.page.getByTestId('content-drawer').waitFor();
    await editor.page.getByTestId('content-title-zh_TW').fill(`跑馬燈 ${RUN}`);
    await editor.page.getByTestId('content-tab-en').click();
    await editor.page.getByTestId('content-title-en').fill(line);
    await editor.page.getByTestId('content-published').click();
    await editor.page.getByTestId('content-save').click();
    await editor.page.getByTestId('content-drawer').waitFor({ state: 'hidden' });

    // The reader's page was never reloaded: the line arrives over the stream.
    await expect.poll(() => marquee.getByText(line).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await keepScreenshot(reader.page, 'content-marquee-live-desktop');
    await keepScreenshot(editor.page, 'content-broadcast-desktop-light');

    // Deleted in the editor's browser, it leaves the reader's header too.
    const [row] = await db<{ id: number }>(`select id from content_items where title->>'en' = $1`, [line]);
    await editor.page.getByTestId(`content-delete-${row!.id}`).click();
    await editor.page.getByTestId('content-delete-ok').click();
    await expect.poll(() => marquee.getByText(line).count(), { timeout: 10_000 }).toBe(0);
    await reader.context.close();
    await editor.context.close();
  });

  it('a reader (ACTIVITY_READ without ACTIVITY_WRITE) sees the content but no write controls', async () => {
    const [reader] = await db<{ account_no: string }>(
      `select account_no from accounts
        where site_id = 'tw_web' and kind = 'AGENT' and not is_shadow and not is_disabled
          and 'ACTIVITY_READ' = any(permissions) and not ('ACTIVITY_WRITE' = any(permissions))
        order by lvl, id limit 1`,
    );
    expect(reader).toBeDefined();
    const { context, page } = await openSignedIn(
      browser(),
      { width: 1440, height: 900 },
      {
        credentials: { accountNo: reader!.account_no, password: DEMO_ADMIN.password },
      },
    );
    await page.goto('/announcement/announcement');
    await page.getByTestId('content-page-ANNOUNCEMENT').waitFor();
    await page.getByTestId('content-readonly').waitFor();
    await page.getByTestId('content-table').locator('tbody tr.ant-table-row').first().waitFor();
    for (const control of ['content-create', 'content-delete-selected']) expect(await page.getByTestId(control).count()).toBe(0);
    expect(await page.locator('[data-testid^="content-edit-"]').count()).toBe(0);
    await keepScreenshot(page, 'content-reader-desktop-zh');
    await context.close();
  });
});
