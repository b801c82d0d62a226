import type { Page } from 'playwright-core';
import { settled } from './settled.js';

/** Opens the settings drawer from the header and waits for its slide-in to end. */
export async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-drawer').waitFor();
  await settled(page);
}

/** Closes the settings drawer with Escape. */
export async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
}
