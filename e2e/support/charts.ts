import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The dashboard's charts. */
export const DASHBOARD_CHARTS = ['dash-chart-trend', 'dash-chart-visits', 'dash-chart-provider', 'dash-chart-category'];

/** Each chart's canvas has a size and painted pixels (a blank canvas is all transparent). */
export async function expectChartsDrawn(page: Page, ids = DASHBOARD_CHARTS): Promise<void> {
  for (const id of ids) await page.getByTestId(id).locator('canvas').first().waitFor();
  await expect
    .poll(() =>
      page.evaluate((list) => {
        return list.map((id) => {
          const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
          if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
          return painted;
        });
      }, ids),
    )
    .toSatisfy((counts: number[]) => counts.every((n) => n > 500));
}
