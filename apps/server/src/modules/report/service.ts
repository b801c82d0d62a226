import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
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
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { reachAgentOrSelf } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { csvExport } from '../../core/csv.js';
import { siteProviders } from '../../core/site-providers.js';
import { readNamed } from '../../db/named.js';

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

/** Column by column sums of report rows, in exact minor units, a row at a time. */
class FigureSums {
  private betCount = 0;
  private readonly sums = Object.fromEntries(FIGURES.map((f) => [f, 0n])) as Record<(typeof FIGURES)[number], bigint>;

  add(row: ReportFigures): void {
    this.betCount += row.betCount;
    for (const f of FIGURES) this.sums[f] += toMinorUnits(row[f]);
  }

  totals(): ReportFigures {
    const figures = Object.fromEntries(FIGURES.map((f) => [f, formatMinorUnits(this.sums[f])])) as Omit<ReportFigures, 'betCount'>;
    return { betCount: this.betCount, ...figures };
  }
}

/** Column by column sum of the rows, in exact minor units. */
function sumRows(rows: readonly ReportFigures[]): ReportFigures {
  const sums = new FigureSums();
  for (const row of rows) sums.add(row);
  return sums.totals();
}

/**
 * The report's rows for `agentId`: one per direct child with activity, agents first, then
 * players, each by account number (case-insensitive; account numbers are ASCII letters and digits).
 *
 * The rollups are summed per child first; each child's account row is then read by id in a
 * LATERAL subquery that cannot be flattened (OFFSET 0), so the plan stays "aggregate, then one
 * primary-key lookup per child". Joined plainly, the planner misjudges the number of children of
 * a mid-level agent by two orders of magnitude and scans the whole accounts table.
 */
function rowsQuery(siteId: string, agentId: number, input: AgentReportInput): SQL {
  const provider = input.providerCode ? sql`and r.provider_code = ${input.providerCode}` : sql``;
  return sql`
    select s.*, a.kind, a.account_no, a.nick_name, a.ratio
    from (
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
      where r.site_id = ${siteId}
        and r.ancestor_id = ${agentId}
        and r.business_date between ${input.start}::date and ${input.end}::date
        ${provider}
      group by r.child_id
      having sum(r.bet_count) <> 0 or sum(r.bet_amount) <> 0 or sum(r.valid_bet) <> 0 or sum(r.payout) <> 0
        or sum(r.win_loss) <> 0 or sum(r.child_share) <> 0 or sum(r.ancestor_share) <> 0
    ) s
    cross join lateral (select c.kind, c.account_no, c.nick_name, c.ratio from accounts c where c.id = s.id offset 0) a
    order by a.kind = 'PLAYER', lower(a.account_no) collate "C"`;
}

function rowOf(r: Raw): AgentReportRow {
  return {
    kind: r.kind,
    id: r.id,
    accountNo: r.account_no,
    nickName: r.nick_name,
    ratio: basisPointsToRatio(r.kind === 'PLAYER' ? 0 : r.ratio),
    ...figures(r),
  };
}

export async function agentReport(db: Db, caller: Caller, input: AgentReportInput): Promise<AgentReport> {
  const agent = await reachAgentOrSelf(db, caller, input.agentId);

  // Breadcrumb: the caller's working root down to the agent (path is root first).
  const from = agent.id === caller.scopeRootId ? agent.path.length : agent.path.indexOf(caller.scopeRootId);
  const chainIds = [...agent.path.slice(from), agent.id];
  // Planned for its values, not named: a generic plan cannot know how many ids the array holds,
  // costs it as ten, and so never wins over the custom plan of a chain of two or three (a named
  // statement would be planned on every call anyway). Planning it takes 0.03–0.04 ms.
  const chainRows = await db.execute<{ id: number; account_no: string; nick_name: string; lvl: number }>(
    sql`select id, account_no, nick_name, lvl from accounts where site_id = ${caller.siteId} and id = any(${`{${chainIds.join(',')}}`}::integer[])`,
  );
  const byId = new Map(chainRows.rows.map((r) => [r.id, r]));
  const chain: ReportChainItem[] = chainIds.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, accountNo: r.account_no, nickName: r.nick_name, lvl: r.lvl }] : [];
  });

  // The rollups by primary key (site, ancestor, dates): the same plan whatever the agent, so
  // the statement is prepared once per connection.
  const rows = (await readNamed<Raw>(db, 'report_rows', rowsQuery(caller.siteId, agent.id, input))).rows.map(rowOf);

  const providers = await siteProviders(db, caller.siteId);

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

/**
 * The report as a streamed CSV file (core/csv.ts): one line per row, then the totals (kind
 * TOTAL), summed while the rows go out. The agent is checked before the first byte is sent.
 */
export async function exportAgentReport(
  db: Db,
  pool: pg.Pool,
  caller: Caller,
  input: AgentReportInput,
): Promise<{ file: Readable; agentNo: string }> {
  const agent = await reachAgentOrSelf(db, caller, input.agentId);
  const sums = new FigureSums();
  const file = await csvExport(pool, {
    columns: AGENT_REPORT_CSV_COLUMNS,
    query: rowsQuery(caller.siteId, agent.id, input),
    record: (r: Raw) => {
      const row = rowOf(r);
      sums.add(row);
      return row;
    },
    trailer: () => [{ kind: 'TOTAL', accountNo: '', nickName: '', ratio: '', ...sums.totals() }],
  });
  return { file, agentNo: agent.accountNo };
}
