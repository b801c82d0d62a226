import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { AGENT_REPORT_FIGURE_COLUMNS, toMinorUnits } from '@agent-bo/shared';

/** The agent report's figure columns (`data-col` of its cells). */
export const REPORT_COLUMNS = AGENT_REPORT_FIGURE_COLUMNS;

export interface ReportFigures {
  /** Per row, by account number: each column's exact value (`data-value`). */
  rows: Record<string, Record<string, string>>;
  totals: Record<string, string>;
}

/** The agent report table's figures: per row (by account) and the totals row, as the cells' exact values. */
export async function reportFigures(page: Page): Promise<ReportFigures> {
  return page.evaluate(
    (columns) => {
      const read = (el: Element) =>
        Object.fromEntries(columns.map((c) => [c, el.querySelector(`[data-col="${c}"]`)?.getAttribute('data-value') ?? '']));
      const rows: Record<string, Record<string, string>> = {};
      for (const tr of Array.from(document.querySelectorAll('[data-testid="report-table"] tr[data-testid^="report-row-"]'))) {
        rows[tr.getAttribute('data-testid')!.slice('report-row-'.length)] = read(tr);
      }
      const totalsRow = document.querySelector('[data-testid="report-totals"]');
      return { rows, totals: totalsRow ? read(totalsRow) : {} };
    },
    REPORT_COLUMNS as unknown as string[],
  );
}

/** The totals row is the column-by-column sum of the rows (exact, in minor units); returns the figures. */
export async function expectTotalsAreSums(page: Page): Promise<ReportFigures> {
  const figures = await reportFigures(page);
  const list = Object.values(figures.rows);
  expect(list.length).toBeGreaterThan(0);
  for (const c of REPORT_COLUMNS) {
    const value = (v: string) => (c === 'betCount' ? BigInt(v) : toMinorUnits(v));
    const sum = list.reduce((s, r) => s + value(r[c]!), 0n);
    expect(value(figures.totals[c]!), c).toBe(sum);
  }
  return figures;
}
