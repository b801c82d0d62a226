#!/usr/bin/env node
/* global document, window, history, PopStateEvent */
/**
 * How fast the menu's screens open in Chromium, on loopback, as the admin of the demo: for each
 * screen, the time from the menu's navigation (the router takes the new address, as a click on
 * the side menu does) until the screen stands with its data (its own element shown, no spinner on
 * screen, the route's page-loading cover included, no skeleton), on
 *
 * - the first visit: a fresh browser context signed in, the dashboard shown and left for
 *   --dwell ms (an operator reading it), then each screen once;
 * - the return visit: each screen again in the same page.
 *
 * with the CPU at full speed and slowed down --rate times (CDP Emulation.setCPUThrottlingRate).
 * The limit is measured in the same visit: the slowest of the screen's own API requests (their
 * Resource Timing, start to end), which no screen can beat since it shows that data. The ratio
 * is visit / limit. Aims (issue 31): first visit ≤ 1.0 s and return ≤ 0.3 s (median, no
 * throttling).
 *
 *   npm run build && node bench/screens.mjs [--runs=5] [--rate=4] [--latency=0] [--dwell=3000] [--web-dist=DIR] [--json]
 *
 * --latency=MS: every request of the measured pages waits MS first (CDP network emulation), as
 * over a real network rather than loopback.
 *
 * --web-dist: another build of the web app (an older commit's, to compare in one session).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { log, machine, parseOptions, root, serverDist, startServer } from './support.mjs';

const opts = parseOptions({
  runs: '5',
  rate: '4',
  latency: '0',
  dwell: '3000',
  'web-dist': '',
  json: 'false',
  chromium: '/usr/bin/chromium',
});
const runs = Number(opts.runs);
const ADMIN = { accountNo: 'admin001', password: 'Demo1234' };

/** The menu's screens and the element each shows once it stands (the layout spec's list). */
const SCREENS = [
  ['/report/agent', 'report-page'],
  ['/bet/index', 'bet-page'],
  ['/member/index', 'agents-table'],
  ['/material/category', 'category-table'],
  ['/material/game', 'game-page'],
  ['/material/tag', 'recommend-list'],
  ['/material/collection', 'module-page'],
  ['/announcement/activity', 'content-page-ACTIVITY'],
  ['/announcement/announcement', 'content-page-ANNOUNCEMENT'],
  ['/announcement/broadcast', 'content-page-BROADCAST'],
  ['/store/category', 'store-category-page'],
  ['/store/goods', 'store-goods-page'],
  ['/store/points', 'store-points-page'],
  ['/store/order', 'store-order-page'],
  ['/log/index', 'log-table-operation'],
  ['/permission/index', 'permission-page'],
  ['/provider/index', 'provider-table'],
  ['/dashboard', 'dash-stats'],
];

if (!existsSync(path.join(serverDist, 'server.js')) || !existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html')))
  throw new Error('build first: npm run build');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

/** Opens `to` through the router and waits until `ready` stands with its data; the visit's time and its API limit. */
async function visit(page, to, ready) {
  const start = await page.evaluate((target) => {
    const t0 = performance.now();
    history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return t0;
  }, to);
  await page.waitForFunction(
    ({ id, path: where }) => {
      if (window.location.pathname !== where) return false;
      // Shown: a screen kept in a hidden tab has no box.
      const shown = (el) => el.getClientRects().length > 0;
      if (![...document.querySelectorAll(`[data-testid="${id}"]`)].some(shown)) return false;
      // Its data: no spinner (the route's page-loading cover among them) and no skeleton on screen.
      // The progress bar's fade-out at the top is not waited for: the screen is usable under it.
      return ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some(shown);
    },
    { id: ready, path: to },
    { polling: 'raf', timeout: 60_000 },
  );
  return page.evaluate((t0) => {
    const api = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= t0 && new URL(e.name).pathname.startsWith('/api/'))
      .reduce((slowest, e) => Math.max(slowest, e.responseEnd - e.startTime), 0);
    return { ms: performance.now() - t0, api };
  }, start);
}

async function signedInState(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-account').fill(ADMIN.accountNo);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-header').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One run: a fresh context, the dashboard, then every screen twice; per screen its first and return visit. */
async function oneRun(browser, baseURL, storageState, rate) {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  // --latency: every request waits that long first, as over a real network (a chunk fetched only
  // when its screen opens pays it before the screen's own requests can start).
  if (Number(opts.latency) > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: Number(opts.latency),
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  await page.goto('/dashboard');
  await page.getByTestId('dash-stats').waitFor();
  await page.waitForTimeout(Number(opts.dwell));
  const first = {};
  const again = {};
  for (const [to, ready] of SCREENS) {
    try {
      first[to] = await visit(page, to, ready);
    } catch (error) {
      const state = await page.evaluate(() => ({
        path: window.location.pathname,
        spinners: [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].map(
          (el) => `${el.className} in ${el.closest('[data-testid]')?.getAttribute('data-testid')}`,
        ),
      }));
      throw new Error(`${to}: ${JSON.stringify(state)}`, { cause: error });
    }
  }
  for (const [to, ready] of SCREENS) again[to] = await visit(page, to, ready);
  await context.close();
  return { first, again };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-screens-'));
const server = await startServer({
  DATA_DIR: dataDir,
  ...(opts['web-dist'] ? { WEB_DIST_DIR: path.resolve(opts['web-dist']) } : {}),
});
const baseURL = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({
  executablePath: opts.chromium,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = {};
try {
  const storageState = await signedInState(browser, baseURL);
  for (const rate of [1, Number(opts.rate)]) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      samples.push(await oneRun(browser, baseURL, storageState, rate));
      log(`rate ${rate}: run ${i + 1}/${runs}`);
    }
    results[`rate${rate}`] = Object.fromEntries(
      SCREENS.map(([to]) => {
        const firstMs = median(samples.map((s) => s.first[to].ms));
        const limitMs = median(samples.map((s) => s.first[to].api));
        return [
          to,
          {
            firstMs: Math.round(firstMs),
            returnMs: Math.round(median(samples.map((s) => s.again[to].ms))),
            limitMs: Math.round(limitMs),
            ratio: limitMs > 0 ? Number((firstMs / limitMs).toFixed(1)) : null,
          },
        ];
      }),
    );
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const report = {
  machine: machine(),
  runs,
  latencyMs: Number(opts.latency),
  dwellMs: Number(opts.dwell),
  webDist: opts['web-dist'] || 'apps/web/dist',
  results,
};
if (opts.json === 'true') {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [rate, rows] of Object.entries(results)) {
    console.log(`\n${rate === 'rate1' ? 'full CPU' : `CPU slowed ${opts.rate}×`} (median of ${runs})`);
    console.log('screen'.padEnd(28), 'first ms'.padStart(9), 'return ms'.padStart(10), 'API limit'.padStart(10), 'ratio'.padStart(6));
    for (const [to, r] of Object.entries(rows))
      console.log(
        to.padEnd(28),
        String(r.firstMs).padStart(9),
        String(r.returnMs).padStart(10),
        String(r.limitMs).padStart(10),
        String(r.ratio).padStart(6),
      );
    const firsts = Object.values(rows).map((r) => r.firstMs);
    const returns = Object.values(rows).map((r) => r.returnMs);
    console.log(`median over screens: first ${median(firsts)} ms, return ${median(returns)} ms; slowest first ${Math.max(...firsts)} ms`);
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}
