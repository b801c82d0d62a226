import type { Page } from 'playwright-core';

/** Waits until opening and closing animations have finished (endless spinners aside). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Frames without a canvas repaint after which a chart counts as still: ZRender (ECharts' renderer)
 * repaints every frame while anything on it animates, and itself stops its loop after this many
 * frames without one.
 */
const STILL_CANVAS_FRAMES = 10;

/**
 * Waits until the screen is still, so a screenshot shows the state the test reached and not a
 * frame of a transition:
 *
 * - the mouse is parked outside the viewport, so nothing it last hovered (the header's theme
 *   switch, a button) keeps or opens a tooltip, and no hover effect is in the picture (unless
 *   `keepPointer`, when the hover is what is looked at);
 * - no tooltip is open or on its way out (antd marks a closed one `ant-tooltip-hidden`);
 * - no rc-motion enter/leave (modals, drawers, dropdowns, messages) is under way: while one
 *   runs its element carries the `<motion>-appear|enter|leave` class;
 * - no finite CSS or Web animation is running (page transitions, colour transitions of a theme
 *   switch, switches, tab ink bars);
 * - a route switch's page-loading overlay (`app-content__loading`) and progress bar (#nprogress)
 *   are gone (a table's own loading spinner is not waited for: a request held by the
 *   session-timeout cover keeps it spinning);
 * - web fonts have loaded;
 * - no canvas (the dashboard's ECharts, invisible to the Web Animations API) has repainted for
 *   STILL_CANVAS_FRAMES frames.
 *
 * All of these must hold in one and the same animation frame.
 */
export async function settled(page: Page, options: { keepPointer?: boolean } = {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  // `keepPointer`: the state under the pointer is what is checked (a hovered button's colours).
  if (!options.keepPointer) await page.mouse.move(size.width + 10, size.height + 10);
  // Count canvas repaints from here on: ZRender clears a canvas layer before each one.
  await page.evaluate(() => {
    type Paints = { count: number; seen: number; still: number };
    const w = window as unknown as { __e2ePaints?: Paints };
    if (!w.__e2ePaints) {
      const paints: Paints = { count: 0, seen: 0, still: 0 };
      const clear = CanvasRenderingContext2D.prototype.clearRect;
      CanvasRenderingContext2D.prototype.clearRect = function (...args: Parameters<typeof clear>) {
        paints.count += 1;
        return clear.apply(this, args);
      };
      w.__e2ePaints = paints;
    }
    w.__e2ePaints.seen = w.__e2ePaints.count;
    w.__e2ePaints.still = 0;
  });
  await page.waitForFunction(
    (stillFrames) => {
      const paints = (window as unknown as { __e2ePaints: { count: number; seen: number; still: number } }).__e2ePaints;
      if (paints.count !== paints.seen) {
        paints.seen = paints.count;
        paints.still = 0;
      } else {
        paints.still += 1;
      }
      const canvasStill = !document.querySelector('canvas') || paints.still >= stillFrames;
      const inMotion = Array.from(document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')).some((el) =>
        // An icon named for a key (`anticon-enter`, the menu search's Enter hint) is no motion.
        Array.from(el.classList).some((c) => /-(appear|enter|leave)$/.test(c) && !c.startsWith('anticon')),
      );
      const animating = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      return (
        canvasStill &&
        !inMotion &&
        !animating &&
        document.fonts.status === 'loaded' &&
        !document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)') &&
        !document.querySelector('.app-content__loading.ant-spin-spinning') &&
        !document.getElementById('nprogress')
      );
    },
    STILL_CANVAS_FRAMES,
    { polling: 'raf' },
  );
}
