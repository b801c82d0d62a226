import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_REPORT_FIGURE_COLUMNS, type AgentReport, type AgentReportRow, type ReportFigures } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';
import { MoneyText } from '../../../components/money-text';

type MoneyColumn = Exclude<keyof ReportFigures, 'betCount'>;
const MONEY_COLUMNS = AGENT_REPORT_FIGURE_COLUMNS.filter((c): c is MoneyColumn => c !== 'betCount');

/** A money cell: grouped, right-aligned, tabular digits; `signed` colours a result (green up, red down). */
function Money({ value, column, signed = false }: { value: string; column: string; signed?: boolean }) {
  return <MoneyText value={value} tone={signed ? 'result' : 'plain'} className="report-money" data-col={column} data-value={value} />;
}

/** The report's columns: the account (an agent's drills down through `onDrill`), kind, ratio, count and money. */
function useReportColumns(onDrill: (id: number) => void): ColumnsType<AgentReportRow> {
  const { t } = useTranslation('report');
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  return [
    {
      title: t('columns.account'),
      key: 'account',
      fixed: isMobile ? undefined : 'left',
      render: (_: unknown, r) => (
        <span className="report-account">
          {r.kind === 'AGENT' ? (
            <Typography.Link
              strong
              onClick={(e) => {
                e.stopPropagation();
                onDrill(r.id);
              }}
              data-testid={`report-drill-${r.accountNo}`}
            >
              {r.accountNo}
            </Typography.Link>
          ) : (
            <Typography.Text strong>{r.accountNo}</Typography.Text>
          )}{' '}
          <Typography.Text type="secondary">{r.nickName}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (v: AgentReportRow['kind']) => (
        <Tag color={v === 'AGENT' ? 'blue' : 'default'}>{v === 'AGENT' ? t('kinds.AGENT') : terms.Player}</Tag>
      ),
    },
    {
      title: t('columns.ratio'),
      dataIndex: 'ratio',
      ...NOWRAP,
      key: 'ratio',
      align: 'right',
      render: (v: string, r) => (r.kind === 'AGENT' ? `${v}%` : '—'),
    },
    {
      title: t('columns.betCount'),
      dataIndex: 'betCount',
      ...NOWRAP,
      key: 'betCount',
      align: 'right',
      render: (v: number) => (
        <span className="report-money" data-col="betCount" data-value={v}>
          {v.toLocaleString('en-US')}
        </span>
      ),
    },
    ...MONEY_COLUMNS.map((col) => ({
      title: (
        <Tooltip title={t(`hints.${col}`)}>
          <span>{t(`columns.${col}`)}</span>
        </Tooltip>
      ),
      dataIndex: col,
      key: col,
      align: 'right' as const,
      ...NOWRAP,
      render: (v: string) => <Money value={v} column={col} signed={col === 'memberWinLoss'} />,
    })),
  ];
}

/** One row per direct child of the agent, the totals as the summary row; an agent's row drills down. */
export function ReportTable({
  report,
  loading,
  onDrill,
  failure,
}: {
  report: AgentReport | undefined;
  loading: boolean;
  /** Shown instead of "no rows" when the report failed to load. */
  failure?: ReactNode;
  onDrill: (id: number) => void;
}) {
  const { t } = useTranslation('report');
  const isMobile = useIsMobile();
  const columns = useReportColumns(onDrill);

  const totals = report?.totals;
  const summary = () =>
    totals && report.rows.length ? (
      <Table.Summary fixed={isMobile ? undefined : 'bottom'}>
        <Table.Summary.Row data-testid="report-totals">
          <Table.Summary.Cell index={0} colSpan={3}>
            {t('totals')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            <span className="report-money" data-col="betCount" data-value={totals.betCount}>
              {totals.betCount.toLocaleString('en-US')}
            </span>
          </Table.Summary.Cell>
          {MONEY_COLUMNS.map((col, i) => (
            <Table.Summary.Cell key={col} index={4 + i} align="right">
              <Money value={totals[col]} column={col} signed={col === 'memberWinLoss'} />
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;

  return (
    <div data-testid="report-table" className="report-table" style={{ marginTop: 8 }}>
      <Table<AgentReportRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={report?.rows ?? []}
        loading={loading}
        {...FIT_TABLE}
        pagination={false}
        summary={summary}
        locale={{ emptyText: failure ?? t('empty') }}
        onRow={(r) =>
          ({
            'data-testid': `report-row-${r.accountNo}`,
            className: r.kind === 'AGENT' ? 'report-row--agent' : undefined,
            onClick: r.kind === 'AGENT' ? () => onDrill(r.id) : undefined,
          }) as HTMLAttributes<HTMLElement>
        }
      />
    </div>
  );
}
