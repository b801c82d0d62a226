import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, type MenuEntry } from '@agent-bo/shared';
import { DEMO_ADMIN, navigate, openSignedIn, useBrowser } from '../support/browser.js';

// Every screen of the menu, opened as each kind of demo user: no request the screen makes on
// load is refused or fails. A screen never calls what its user may not read (a filter whose list
// the user may not see degrades quietly), and a screen the user may not open calls nothing.

const browser = useBrowser();

const ROLES = [
  { who: 'the admin', accountNo: DEMO_ADMIN.accountNo },
  { who: 'a level-1 agent with wide codes', accountNo: 'agentA01' },
  { who: 'a level-1 agent with read-only codes', accountNo: 'agentA03' },
  { who: "the admin's read-only shadow", accountNo: 'shadow00' },
];

/** The paths of the menu's screens: every entry with a page, hidden ones aside. */
function screens(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.hideMenu) return [];
    const shown = (entry.children ?? []).filter((child) => !child.hideMenu);
    return shown.length > 0 ? screens(shown) : [entry.path];
  });
}

/** API requests under way, the live stream aside (it stays open while the app runs). */
function trackApi(page: Page): { inFlight: () => number; failures: string[]; at: { path: string } } {
  const at = { path: '/' };
  const failures: string[] = [];
  const open = new Set<unknown>();
  const isApi = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith('/api/') && !path.endsWith('/live/stream');
  };
  page.on('request', (request) => {
    if (isApi(request.url())) open.add(request);
  });
  const done = (request: unknown) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (!isApi(response.url()) || response.status() < 400) return;
    const request = response.request();
    failures.push(`${at.path}: ${request.method()} ${new URL(response.url()).pathname} → ${response.status()}`);
  });
  return { inFlight: () => open.size, failures, at };
}

describe('every menu screen as every kind of user', () => {
  // One test per section of the menu, so that each stays short however slow the machine; a
  // user's sections share one signed-in page.
  const sections = MENU.map((entry) => ({ name: entry.path, paths: screens([entry]) })).filter((s) => s.paths.length > 0);

  it('covers the whole menu', () => {
    const paths = sections.flatMap((s) => s.paths);
    expect(paths).toContain('/dashboard');
    expect(paths).toContain('/store/order');
    expect(paths.length).toBeGreaterThan(15);
  });

  for (const role of ROLES) {
    describe(`${role.who} (${role.accountNo})`, () => {
      let context: BrowserContext | undefined;
      let page: Page;
      let api: ReturnType<typeof trackApi>;
      beforeAll(async () => {
        ({ context, page } = await openSignedIn(browser(), undefined, {
          credentials: { accountNo: role.accountNo, password: DEMO_ADMIN.password },
          landing: (p) => p.getByTestId('app-header'),
        }));
        api = trackApi(page);
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const section of sections) {
        it(`opens ${section.paths.join(', ')} without a refused or failed request`, async () => {
          const before = api.failures.length;
          for (const path of section.paths) {
            api.at.path = path;
            await navigate(page, path);
            // The route switch is over (its progress bar gone: the page's code is loaded and shown).
            await page.locator('#nprogress').waitFor({ state: 'detached' });
            // The screen's own requests: none under way in two looks 200 ms apart.
            await expect
              .poll(async () => {
                if (api.inFlight() > 0) return false;
                await page.waitForTimeout(200);
                return api.inFlight() === 0;
              })
              .toBe(true);
          }
          expect(api.failures.slice(before)).toEqual([]);
        });
      }
    });
  }
});
