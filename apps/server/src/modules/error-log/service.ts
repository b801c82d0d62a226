import { sql, type SQL } from 'drizzle-orm';
import { siteTimeZone } from '@agent-bo/shared';
import type { ClientErrorEntry, ClientErrorPage, ClientErrorRow, ClientErrorType, SiteId } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { clientErrors } from '../../db/schema/index.js';
import type { ClientErrorConfig } from '../../config.js';

/**
 * The front-end error log: browsers report what their global handlers caught; operators holding
 * DEVELOPER read their site's entries. The table is bounded by pruning at each report.
 */

/** User agents are cut to this length before they are stored. */
export const USER_AGENT_MAX = 500;

export interface ClientErrorReport {
  siteId: SiteId;
  /** The reporting account when the browser sent a valid session token. */
  accountId: number | null;
  userAgent: string | undefined;
  ip: string;
  entries: readonly ClientErrorEntry[];
}

/** Stores every entry of one report, then prunes; returns how many entries were stored. */
export async function recordReport(
  db: Db,
  report: ClientErrorReport,
  retention: Pick<ClientErrorConfig, 'maxRowsPerSite' | 'maxAgeDays'>,
): Promise<number> {
  const userAgent = report.userAgent ? report.userAgent.slice(0, USER_AGENT_MAX) : null;
  await db.insert(clientErrors).values(
    report.entries.map((e) => ({
      siteId: report.siteId,
      accountId: report.accountId,
      type: e.type,
      name: e.name,
      file: e.file,
      message: e.message,
      stack: e.stack,
      detail: e.detail,
      url: e.url,
      reportedTime: e.time,
      userAgent,
      ip: report.ip,
    })),
  );
  await prune(db, report.siteId, retention);
  return report.entries.length;
}

/**
 * Keeps the table bounded: rows past the age limit (all sites; an index range on created_at) and,
 * on this site, everything older than the newest `maxRowsPerSite` rows (one index walk of at most
 * that many entries on (site_id, id) to find the cut). Both are no-ops most of the time.
 */
export async function prune(db: Db, siteId: SiteId, retention: Pick<ClientErrorConfig, 'maxRowsPerSite' | 'maxAgeDays'>): Promise<void> {
  await db.execute(sql`delete from client_errors where created_at < now() - make_interval(days => ${retention.maxAgeDays})`);
  await db.execute(sql`
    delete from client_errors
    where site_id = ${siteId}
      and id <= (select id from client_errors where site_id = ${siteId} order by id desc offset ${retention.maxRowsPerSite} limit 1)`);
}

export interface ClientErrorFilters {
  page: number;
  pageSize: number;
  type?: ClientErrorType;
  keyword?: string;
}

/** `%`, `_` and `\` of a LIKE pattern taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Raw = {
  id: string | number;
  type: ClientErrorType;
  name: string;
  file: string;
  message: string;
  stack: string;
  detail: string;
  url: string;
  account_no: string | null;
  user_agent: string | null;
  ip: string | null;
  reported_time: string;
  created: string;
};

/** This site's entries, newest first, optionally of one type and holding a keyword (message, name or URL). */
export async function listClientErrors(db: Db, siteId: SiteId, f: ClientErrorFilters): Promise<ClientErrorPage> {
  const tz = siteTimeZone(siteId);
  const where: SQL[] = [sql`e.site_id = ${siteId}`];
  if (f.type) where.push(sql`e.type = ${f.type}`);
  if (f.keyword) {
    const pattern = `%${likeLiteral(f.keyword)}%`;
    where.push(sql`(e.message ilike ${pattern} or e.name ilike ${pattern} or e.url ilike ${pattern})`);
  }
  const condition = sql.join(where, sql` and `);
  const total = (await db.execute<{ n: number }>(sql`select count(*)::int as n from client_errors e where ${condition}`)).rows[0]?.n ?? 0;
  const { rows } = await db.execute<Raw>(sql`
    select e.id, e.type, e.name, e.file, e.message, e.stack, e.detail, e.url, a.account_no, e.user_agent, e.ip, e.reported_time,
      to_char(e.created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as created
    from client_errors e
    left join accounts a on a.id = e.account_id
    where ${condition}
    order by e.id desc
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`);
  return {
    page: f.page,
    pageSize: f.pageSize,
    total,
    list: rows.map((r): ClientErrorRow => ({
      id: Number(r.id),
      type: r.type,
      name: r.name,
      file: r.file,
      message: r.message,
      stack: r.stack,
      detail: r.detail,
      url: r.url,
      accountNo: r.account_no,
      userAgent: r.user_agent,
      ip: r.ip,
      time: r.reported_time,
      createdAt: r.created,
    })),
  };
}
