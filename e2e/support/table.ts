import type { Page } from 'playwright-core';

/**
 * Widths of the table `testId`'s scroll area (its content and its visible part, and where its box
 * ends) and of the page:
 * on a phone a wide table scrolls sideways inside itself while the page does not.
 */
export async function tableScrollWidths(
  page: Page,
  testId: string,
): Promise<{ scroll: number; client: number; right: number; page: number } | null> {
  return page.evaluate((id) => {
    const el = document.querySelector(
      `[data-testid="${id}"] .ant-table-content, [data-testid="${id}"] .ant-table-body`,
    ) as HTMLElement | null;
    return el
      ? {
          scroll: el.scrollWidth,
          client: el.clientWidth,
          right: el.getBoundingClientRect().right,
          page: document.documentElement.scrollWidth,
        }
      : null;
  }, testId);
}

/**
 * The visible table's cells whose text something hides: a pinned (fixed) column drawn over it, or
 * an ellipsis cutting it. Each is named by its text. Cells scrolled out of the table's box are
 * reachable by scrolling and not counted unless a pinned cell covers them at the start position.
 */
export async function hiddenCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))) {
      if (!table.offsetParent) continue;
      for (const row of Array.from(table.querySelectorAll('tr'))) {
        const cells = Array.from(row.children) as HTMLElement[];
        const pinned = cells.filter((c) => /ant-table-cell-fix/.test(c.className)).map((c) => c.getBoundingClientRect());
        for (const cell of cells) {
          if (/ant-table-cell-fix/.test(cell.className) || !cell.offsetParent) continue;
          const range = document.createRange();
          range.selectNodeContents(cell);
          const text = range.getBoundingClientRect();
          if (text.width === 0) continue;
          const underPin = pinned.some((p) => text.right > p.left + 1 && text.left < p.right - 1);
          // An element that clips its own text (an ellipsis); 1-px boxes are screen-reader text.
          const cut = [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].some(
            (el) =>
              el.clientWidth > 2 &&
              el.scrollWidth > el.clientWidth + 1 &&
              getComputedStyle(el).overflowX === 'hidden' &&
              !el.closest('.ant-switch'),
          );
          if (underPin || cut)
            hidden.push(`${underPin ? 'under a pinned column' : 'cut'}: ${(cell.textContent ?? '').trim().slice(0, 40)}`);
        }
      }
    }
    return hidden;
  });
}

/** Cells of `column` (a `td` class) whose text runs over more than one line. */
export async function wrappedCells(page: Page, tableTestId: string, column: string): Promise<string[]> {
  return page.evaluate(
    ([id, cls]) =>
      Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${id}"] td.${cls}`))
        .filter((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          // Boxes of one line differ in top by a few pixels (a button beside text); a second
          // line starts a line-height lower.
          const tops = Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => r.top)
            .sort((a, b) => a - b);
          const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 12);
          return lines.length > 1;
        })
        .map((td) => (td.textContent ?? '').trim()),
    [tableTestId, column] as const,
  );
}

/**
 * The visible tables with columns beyond an edge whose edge does not say so: a table that
 * scrolls sideways draws a shadow on each edge with more columns behind it (styles.css), strong
 * enough to see (its colour's alpha at least 0.15; antd's own is 0.06). Each is named by the test
 * id around it and the edge.
 */
export async function unmarkedScrollEdges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const alphaOf = (shadow: string) => {
      if (shadow === 'none') return 0;
      const rgba = /rgba?\(([^)]+)\)/.exec(shadow);
      if (!rgba) return 1;
      const parts = rgba[1]!.split(',').map((p) => Number(p.trim()));
      return parts.length === 4 ? parts[3]! : 1;
    };
    const unmarked: string[] = [];
    for (const wrapper of Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))) {
      if (!wrapper.offsetParent) continue;
      const scroller = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      const container = wrapper.querySelector<HTMLElement>('.ant-table-container');
      if (!scroller || !container) continue;
      const name = wrapper.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table';
      const moreRight = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
      const moreLeft = scroller.scrollLeft > 1;
      const edge = (side: 'start' | 'end') => {
        // A pinned column on that side draws the shadow on its cells; otherwise the container does.
        const pinned = wrapper.querySelector<HTMLElement>(`.ant-table-cell-fix-${side}-shadow-show`);
        const shadow = pinned
          ? getComputedStyle(pinned, '::after').boxShadow
          : getComputedStyle(container, side === 'end' ? '::after' : '::before').boxShadow;
        return alphaOf(shadow) >= 0.15;
      };
      if (moreRight && !edge('end')) unmarked.push(`${name}: right edge`);
      if (moreLeft && !edge('start')) unmarked.push(`${name}: left edge`);
    }
    return unmarked;
  });
}
