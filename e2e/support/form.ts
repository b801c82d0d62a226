import type { Page } from 'playwright-core';

/**
 * Waits until the form item holding the control `testId` shows a validation error: the form has
 * checked the value and refused it (so a step or a request that would follow has been held back).
 */
export async function fieldRefused(page: Page, testId: string): Promise<void> {
  await page
    .locator('.ant-form-item-has-error', { has: page.getByTestId(testId) })
    .first()
    .waitFor();
}
