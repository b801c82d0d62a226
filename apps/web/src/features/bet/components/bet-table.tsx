import { Alert, Table } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_COUNT_CAP, type BetPage, type BetRow, type BetTotals } from '@agent-bo/shared';
import { serverPagination } from '../../../components/server-pagination';
import { MONEY, useBetColumns } from './bet-columns';
import { Money } from './bet-parts';
import { FIT_TABLE } from '../../../components/fit-table';

// Label, then the columns before the money (player … round), then the money columns, then two.
const LEAD = 6;

function totalsRow(label: string, totals: BetTotals, testId: string) {
  return (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0} colSpan={LEAD}>
        {label}
      </Table.Summary.Cell>
      {MONEY.map((col, i) => (
        <Table.Summary.Cell key={col} index={LEAD + i} align="right">
          <Money value={totals[col]} column={col} signed={col === 'winLoss'} />
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={LEAD + MONEY.length} colSpan={2} />
    </Table.Summary.Row>
  );
}

/**
 * The server-paged bet table with the page's totals (and all rows' totals when the server
 * counted them), and the notice when the count is capped. A row or its bet id opens the detail.
 */
export function BetTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onOpen,
  failure,
}: {
  data: BetPage | undefined;
  loading: boolean;
  /** Shown instead of "no bets" when the search failed. */
  failure?: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (current: number | undefined, pageSize: number | undefined) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('bet');
  const columns = useBetColumns(onOpen);

  const summary = () =>
    data && data.list.length ? (
      <Table.Summary>
        {totalsRow(t('totals.page'), data.pageTotals, 'bet-page-totals')}
        {data.totals ? totalsRow(t('totals.all', { n: data.total }), data.totals, 'bet-totals') : null}
      </Table.Summary>
    ) : null;

  const pagination = serverPagination({
    page,
    pageSize,
    total: data?.total,
    showTotal: (n) => (data?.totalCapped ? t('table.totalCapped', { n: BET_COUNT_CAP.toLocaleString('en-US') }) : t('table.total', { n })),
  });

  return (
    <>
      {data?.totalCapped ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('capped', { n: BET_COUNT_CAP.toLocaleString('en-US') })}
          data-testid="bet-capped"
        />
      ) : null}
      <div data-testid="bet-table" className="bet-table">
        <Table<BetRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={loading}
          {...FIT_TABLE}
          pagination={pagination}
          summary={summary}
          locale={{ emptyText: failure ?? t('empty') }}
          onChange={(p) => onPageChange(p.current, p.pageSize)}
          onRow={(r) =>
            ({
              'data-testid': `bet-row-${r.providerBetId}`,
              style: { cursor: 'pointer' },
              onClick: () => onOpen(r.id),
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
    </>
  );
}
