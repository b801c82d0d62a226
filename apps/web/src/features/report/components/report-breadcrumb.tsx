import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { AgentReport } from '@agent-bo/shared';

/**
 * The drill-down path, from the caller's own report to the agent shown (the response's chain):
 * every step but the last links back to its report. Absent until there is a chain.
 */
export function ReportBreadcrumb({ chain, path }: { chain: AgentReport['chain']; path: string }) {
  const crumbs = chain.map((c, i) => ({
    key: String(c.id),
    title:
      i === chain.length - 1 ? (
        <span data-testid={`report-crumb-${c.accountNo}`} data-current="yes">
          {c.accountNo}
        </span>
      ) : (
        <Link to={i === 0 ? path : `${path}?agent=${c.id}`} data-testid={`report-crumb-${c.accountNo}`}>
          {c.accountNo}
        </Link>
      ),
  }));
  return crumbs.length ? <Breadcrumb items={crumbs} className="report-crumbs" data-testid="report-breadcrumb" /> : null;
}
