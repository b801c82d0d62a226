import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a screen may not have (issue goal: WCAG 2.2 AA with no critical or serious finding). */
export const BLOCKING_IMPACTS = ['critical', 'serious'] as const;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements, with a short piece of their HTML. */
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe-core in the page against WCAG 2.0–2.2 A/AA and best-practice rules and returns the
 * critical and serious findings. axe is injected on first use (the app ships without it).
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the debugging protocol: the app's Content-Security-Policy (script-src 'self')
  // rightly refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (blocking) => {
    type Result = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: unknown) => Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => (blocking as readonly string[]).includes(v.impact ?? ''))
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.join(' '),
          html: n.html.slice(0, 160),
          summary: (n.failureSummary ?? '').slice(0, 300),
        })),
      }));
  }, BLOCKING_IMPACTS);
}

/** One line per finding and element, for a failing assertion's message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.flatMap((f) => f.nodes.map((n) => `${f.impact} ${f.id} (${f.help}): ${n.target} ${n.html}`)).join('\n');
}
