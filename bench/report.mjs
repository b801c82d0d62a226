#!/usr/bin/env node
/**
 * Read benchmarks at scale (issue 6) on a site filled by the large-scale seed: the agent report
 * (over HTTP and its raw SQL on report_rollups, plus the same figures computed from the raw bets
 * for comparison), the bet search and the dashboard statistics. Latency p50/p95/p99 over many
 * sequential runs (one connection, one request at a time, after a few warm-up runs).
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/server
 *   DATA_DIR=/tmp/agent-bo-large npm run seed -- --scale large
 *   node bench/report.mjs --data-dir=/tmp/agent-bo-large [--site=richman] [--days=30] [--runs=100]
 *                         [--raw-runs=5] [--cases=report,search,dashboard] [--json=out.json]
 *
 * The server (production build, LOG_LEVEL=warn, no rate limit) is started on that DATA_DIR and
 * stopped at the end; the raw SQL goes to the same embedded cluster through `pg`. Requests carry
 * the site's host name, so the admin of the seeded site (lgadmin01 / Demo1234) signs in there.
 */
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { embeddedUrl, log, machine, parseOptions, request, requireFromServer, startServer, summary } from './support.mjs';

const opt = parseOptions({
  'data-dir': '',
  site: 'richman',
  days: '30',
  runs: '100',
  'raw-runs': '5',
  warmup: '3',
  cases: 'report,search,dashboard',
  json: '',
});
if (!opt['data-dir']) throw new Error('--data-dir=<a DATA_DIR filled by npm run seed> is required');
const dataDir = path.resolve(opt['data-dir']);
const runs = Number(opt.runs);
const rawRuns = Number(opt['raw-runs']);
const warmup = Number(opt.warmup);
const days = Number(opt.days);
const cases = new Set(opt.cases.split(','));
const pg = requireFromServer('pg');
const shared = await import(pathToFileURL(requireFromServer.resolve('@agent-bo/shared')).href);
const site = shared.SITES.find((s) => s.id === opt.site);
if (!site) throw new Error(`unknown site ${opt.site}`);
const host = site.hosts[0];

log(`starting the server on ${dataDir}`);
const server = await startServer({ DATA_DIR: dataDir });
const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
await db.connect();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const results = { machine: machine(), options: opt, cases: [] };

try {
  const call = (url, body, token) => request(agent, server.port, url, { host, siteId: site.id, token, body });
  const signin = await call('/api/manage/signin', { accountNo: 'lgadmin01', password: 'Demo1234' });
  if (!signin.body?.success) throw new Error(`sign-in: ${JSON.stringify(signin.body ?? signin)}`);
  const token = signin.body.data.token;

  const { rows: meta } = await db.query(
    `select (select max(business_date)::text from bets where site_id = $1) as last,
            (select count(*)::bigint from bets where site_id = $1) as versions,
            (select count(*)::bigint from report_rollups where site_id = $1) as rollups,
            (select id from accounts where site_id = $1 and parent_id is null) as admin_id`,
    [site.id],
  );
  const { last, admin_id: adminId } = meta[0];
  const end = last;
  const start = new Date(Date.parse(`${last}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  results.data = { ...meta[0], start, end };
  log(`site ${site.id}: ${meta[0].versions} bet rows, ${meta[0].rollups} rollup rows; range ${start}..${end}`);

  // Mid-level agents: the busiest agent of levels 2, 3 and 5 (most settled bets in the range).
  const busiest = async (lvl) => {
    const { rows } = await db.query(
      `select a.id, a.account_no, a.lvl, sum(r.bet_count)::bigint as bets,
              (select count(*) from accounts c where c.parent_id = a.id)::int as children
         from report_rollups r join accounts a on a.id = r.child_id
        where r.site_id = $1 and a.lvl = $2 and a.kind = 'AGENT' and r.business_date between $3 and $4
        group by a.id order by 4 desc limit 1`,
      [site.id, lvl, start, end],
    );
    return rows[0];
  };
  const targets = [{ id: adminId, account_no: 'lgadmin01', lvl: 0 }];
  for (const lvl of [2, 3, 5]) targets.push(await busiest(lvl));

  async function timed(name, n, fn, extra = {}) {
    for (let i = 0; i < warmup; i++) await fn();
    const lat = [];
    let rowsSeen;
    for (let i = 0; i < n; i++) {
      const t0 = process.hrtime.bigint();
      rowsSeen = await fn();
      lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const r = { name, ...extra, rows: rowsSeen, ...summary(lat) };
    log(JSON.stringify(r));
    results.cases.push(r);
    return r;
  }
  const httpOk = async (url, body, count) => {
    const r = await call(url, body, token);
    if (!r.body?.success) throw new Error(`${url} ${JSON.stringify(body)}: ${JSON.stringify(r.body ?? r).slice(0, 500)}`);
    return count(r.body.data);
  };

  if (cases.has('report')) {
    for (const t of targets) {
      const label = `${t.account_no} (level ${t.lvl})`;
      const body = t.lvl === 0 ? { start, end } : { agentId: t.id, start, end };
      await timed(`report HTTP ${label}`, runs, () => httpOk('/api/manage/report/agent', body, (d) => d.rows.length));
      // The report's own query (modules/report/service.ts) straight on the database.
      await timed(`report SQL rollups ${label}`, runs, async () => {
        const { rows } = await db.query(
          `select r.child_id as id, a.kind, a.account_no, a.nick_name, a.ratio,
                  sum(r.bet_count)::text as bet_count, sum(r.bet_amount)::text as bet_amount, sum(r.valid_bet)::text as valid_bet,
                  sum(r.payout)::text as payout, sum(r.win_loss)::text as win_loss, sum(r.child_share)::text as child_share,
                  sum(r.ancestor_share)::text as ancestor_share, sum(-r.win_loss - r.child_share - r.ancestor_share)::text as upper_share
             from report_rollups r join accounts a on a.id = r.child_id
            where r.site_id = $1 and r.ancestor_id = $2 and r.business_date between $3::date and $4::date
            group by r.child_id, a.kind, a.account_no, a.nick_name, a.ratio
           having sum(r.bet_count) <> 0 or sum(r.bet_amount) <> 0 or sum(r.valid_bet) <> 0 or sum(r.payout) <> 0
               or sum(r.win_loss) <> 0 or sum(r.child_share) <> 0 or sum(r.ancestor_share) <> 0
            order by a.kind = 'PLAYER', lower(a.account_no)`,
          [site.id, t.id, start, end],
        );
        return rows.length;
      });
      // The same figures from the raw bets: every settled bet under the agent, its link below
      // the agent, shares per bet with the ratios stored on the bet.
      await timed(`report SQL raw bets ${label}`, rawRuns, async () => {
        const k = t.lvl + 1; // the agent's position in agent_path (1-based)
        const { rows } = await db.query(
          `with b as (
             select case when cardinality(agent_path) = $5 then player_id else agent_path[$5 + 1] end as child_id,
                    bet_amount, valid_bet, payout, win_loss, share_ratios[$5]::bigint as r_a,
                    (case when cardinality(agent_path) = $5 then 0 else share_ratios[$5 + 1] end)::bigint as r_c
               from bets
              where site_id = $1 and status = 'Settled' and business_date between $3::date and $4::date
                and ${t.lvl === 0 ? 'agent_path[1] = $2' : 'agent_path @> array[$2::int]'})
           select child_id, count(*) as bet_count, sum(bet_amount)::text, sum(valid_bet)::text, sum(payout)::text, sum(win_loss)::text,
                  sum((-win_loss) * r_c / 10000)::text as child_share, sum((-win_loss) * r_a / 10000 - (-win_loss) * r_c / 10000)::text as ancestor_share
             from b group by child_id`,
          [site.id, t.id, start, end, k],
        );
        return rows.length;
      });
    }
  }

  if (cases.has('search')) {
    const toWall = (date, time) => `${date} ${time}`;
    const lastDay = toWall(end, '12:00:00');
    const next = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const { rows: someone } = await db.query(
      `select account_no from accounts where site_id = $1 and kind = 'PLAYER' order by id limit 1 offset 500`,
      [site.id],
    );
    const range = { start: toWall(start, '12:00:00'), end: toWall(next, '11:59:59') };
    const today = { start: lastDay, end: toWall(next, '11:59:59') };
    const searches = [
      ['whole site, default filters', {}],
      ['whole site, today', today],
      [`whole site, ${days} days`, range],
      [`whole site, ${days} days, page 50`, { ...range, page: 50 }],
      [`whole site, ${days} days, status Canceled`, { ...range, status: 'Canceled' }],
      [`whole site, ${days} days, provider SABA`, { ...range, providerCode: 'SABA' }],
      [`agent ${targets[2].account_no} (level 3), ${days} days`, { ...range, account: targets[2].account_no }],
      [`agent ${targets[3].account_no} (level 5), ${days} days`, { ...range, account: targets[3].account_no }],
      [`player ${someone[0].account_no}, ${days} days`, { ...range, account: someone[0].account_no }],
      [`game code prefix EVO-LIVE-1, ${days} days`, { ...range, gameCode: 'EVO-LIVE-1' }],
    ];
    for (const [label, body] of searches) {
      await timed(`bet search ${label}`, runs, () =>
        httpOk('/api/manage/bet/list', body, (d) => `${d.list.length} of ${d.total}${d.totalCapped ? '+' : ''}`),
      );
    }
  }

  if (cases.has('dashboard')) {
    await timed('dashboard stats, default (this week)', runs, () =>
      httpOk('/api/manage/dashboard/stats', {}, (d) => d.trend?.length ?? Object.keys(d).length),
    );
    await timed(`dashboard stats, ${days} days`, runs, () =>
      httpOk('/api/manage/dashboard/stats', { start, end }, (d) => d.trend?.length ?? Object.keys(d).length),
    );
    const far = new Date(Date.parse(`${end}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
    await timed('dashboard stats, 90 days', runs, () =>
      httpOk('/api/manage/dashboard/stats', { start: far, end }, (d) => d.trend?.length ?? Object.keys(d).length),
    );
  }
  results.machineAfter = machine();
  if (opt.json) await writeFile(opt.json, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
} finally {
  agent.destroy();
  await db.end();
  await server.stop();
}
