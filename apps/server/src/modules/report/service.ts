import { sql } from 'drizzle-orm';
import {
  AGENT_REPORT_CSV_COLUMNS,
  basisPointsToRatio,
  formatMinorUnits,
  toMinorUnits,
  type AgentReport,
  type AgentReportRow,
  type ReportChainItem,
  type ReportFigures,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../account/service.js';
import { reachAgentOrSelf } from '../members/access.js';
import { toCsv } from '../logs/service.js';

/**
 * The agent report (`/report/agent`, PRODUCT.md §5), read from `report_rollups` only: the
 * settlement writes one rollup row per chain link (ancestor, child) × business date × provider ×
 * game category with the shares fixed at that moment, so the report of agent X is one grouped
 * scan of `ancestor_id = X AND business_date BETWEEN …` whatever the number of bets. Nothing
 * here writes.
 *
 * Scope: the agent is the caller's working root (a shadow: its owner) or an agent strictly
 * inside that subtree (the members module's reach rule); anything else is ACCOUNT_NOT_FOUND.
 */

export interface AgentReportInput {
  agentId?: number;
  start: string;
  end: string;
  providerCode?: string;
}

type Raw = {
  id: number;
  kind: 'AGENT' | 'PLAYER';
  account_no: string;
  nick_name: string;
  ratio: number;
  bet_count: string;
  bet_amount: string;
  valid_bet: string;
  payout: string;
  win_loss: string;
  child_share: string;
  ancestor_share: string;
  upper_share: string;
};

const FIGURES = ['betAmount', 'validBet', 'payout', 'memberWinLoss', 'childShare', 'agentShare', 'upperShare'] as const;

function figures(r: Raw): ReportFigures {
  return {
    betCount: Number(r.bet_count),
    betAmount: formatMinorUnits(r.bet_amount),
    validBet: formatMinorUnits(r.valid_bet),
    payout: formatMinorUnits(r.payout),
    memberWinLoss: formatMinorUnits(r.win_loss),
    childShare: formatMinorUnits(r.child_share),
    agentShare: formatMinorUnits(r.ancestor_share),
    upperShare: formatMinorUnits(r.upper_share),
  };
}

/** Case-insensitive order of account numbers (letters and digits only, so no locale rules apply). */
function compareAccountNo(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Column by column sum of the rows, in exact minor units. */
export function sumRows(rows: readonly ReportFigures[]): ReportFigures {
  const sums = Object.fromEntries(FIGURES.map((f) => [f, 0n])) as Record<(typeof FIGURES)[number], bigint>;
  let betCount = 0;
  for (const row of rows) {
    betCount += row.betCount;
    for (const f of FIGURES) sums[f] += toMinorUnits(row[f]);
  }
  return { betCount, ...(Object.fromEntries(FIGURES.map((f) => [f, formatMinorUnits(sums[f])])) as Omit<ReportFigures, 'betCount'>) };
}

export async function agentReport(db: Db, caller: Caller, input: AgentReportInput): Promise<AgentReport> {
  const agent = await reachAgentOrSelf(db, caller, input.agentId);

  // Breadcrumb: the caller's working root down to the agent (path is root first).
  const from = agent.id === caller.scopeRootId ? agent.path.length : agent.path.indexOf(caller.scopeRootId);
  const chainIds = [...agent.path.slice(from), agent.id];
  const chainRows = await db.execute<{ id: number; account_no: string; nick_name: string; lvl: number }>(
    sql`select id, account_no, nick_name, lvl from accounts where site_id = ${caller.siteId} and id = any(${`{${chainIds.join(',')}}`}::integer[])`,
  );
  const byId = new Map(chainRows.rows.map((r) => [r.id, r]));
  const chain: ReportChainItem[] = chainIds.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, accountNo: r.account_no, nickName: r.nick_name, lvl: r.lvl }] : [];
  });

  const provider = input.providerCode ? sql`and r.provider_code = ${input.providerCode}` : sql``;
  // Two statements on purpose: the rollups are summed per child first, then the few children's
  // names are read by id. Joined in one statement, the planner misjudges the number of children
  // of a mid-level agent by two orders of magnitude and scans the whole accounts table.
  const sums = await db.execute<Omit<Raw, 'kind' | 'account_no' | 'nick_name' | 'ratio'>>(sql`
    select r.child_id as id,
      sum(r.bet_count)::text as bet_count,
      sum(r.bet_amount)::text as bet_amount,
      sum(r.valid_bet)::text as valid_bet,
      sum(r.payout)::text as payout,
      sum(r.win_loss)::text as win_loss,
      sum(r.child_share)::text as child_share,
      sum(r.ancestor_share)::text as ancestor_share,
      sum(-r.win_loss - r.child_share - r.ancestor_share)::text as upper_share
    from report_rollups r
    where r.site_id = ${caller.siteId}
      and r.ancestor_id = ${agent.id}
      and r.business_date between ${input.start}::date and ${input.end}::date
      ${provider}
    group by r.child_id
    having sum(r.bet_count) <> 0 or sum(r.bet_amount) <> 0 or sum(r.valid_bet) <> 0 or sum(r.payout) <> 0
      or sum(r.win_loss) <> 0 or sum(r.child_share) <> 0 or sum(r.ancestor_share) <> 0`);
  const childIds = sums.rows.map((r) => r.id);
  const children = childIds.length
    ? await db.execute<Pick<Raw, 'id' | 'kind' | 'account_no' | 'nick_name' | 'ratio'>>(
        sql`select id, kind, account_no, nick_name, ratio from accounts where id = any(${`{${childIds.join(',')}}`}::integer[])`,
      )
    : { rows: [] };
  const childById = new Map(children.rows.map((c) => [c.id, c]));
  // Agents first, then players, each by account number (case-insensitive).
  const result = {
    rows: sums.rows
      .flatMap((r) => {
        const c = childById.get(r.id);
        return c ? [{ ...r, ...c }] : [];
      })
      .sort((a, b) => Number(a.kind === 'PLAYER') - Number(b.kind === 'PLAYER') || compareAccountNo(a.account_no, b.account_no)),
  };

  const rows: AgentReportRow[] = result.rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    accountNo: r.account_no,
    nickName: r.nick_name,
    ratio: basisPointsToRatio(r.kind === 'PLAYER' ? 0 : r.ratio),
    ...figures(r),
  }));

  const providers = await db.execute<{ code: string; name: string }>(
    sql`select p.code, p.name from site_providers sp join providers p on p.code = sp.provider_code where sp.site_id = ${caller.siteId} order by p.code`,
  );

  return {
    agent: { id: agent.id, accountNo: agent.accountNo, nickName: agent.nickName, lvl: agent.lvl, ratio: basisPointsToRatio(agent.ratio) },
    chain,
    start: input.start,
    end: input.end,
    providerCode: input.providerCode ?? null,
    providers: providers.rows.map((p) => ({ code: p.code, name: p.name })),
    rows,
    totals: sumRows(rows),
  };
}

/** The report as CSV: one line per row, then the totals (kind TOTAL). UTF-8 BOM, formula-safe. */
export function reportCsv(report: AgentReport): string {
  const lines: Record<string, unknown>[] = [
    ...report.rows,
    { kind: 'TOTAL', accountNo: '', nickName: '', ratio: '', ...report.totals },
  ];
  return toCsv(AGENT_REPORT_CSV_COLUMNS, lines);
}
