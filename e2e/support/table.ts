import type { Page } from 'playwright-core';

/**
 * Widths of the table `testId`'s scroll area (its content and its visible part) and of the page:
 * on a phone a wide table scrolls sideways inside itself while the page does not.
 */
export async function tableScrollWidths(page: Page, testId: string): Promise<{ scroll: number; client: number; page: number } | null> {
  return page.evaluate((id) => {
    const el = document.querySelector(
      `[data-testid="${id}"] .ant-table-content, [data-testid="${id}"] .ant-table-body`,
    ) as HTMLElement | null;
    return el ? { scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth } : null;
  }, testId);
}
