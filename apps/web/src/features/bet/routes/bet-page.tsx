import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridQuery } from '../../../hooks/use-grid-query';
import { useUserStore } from '../../../stores/user-store';
import { CsvExportButton } from '../../../components/csv-export-button';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { betApi, betCsvName, betKeys } from '../api/bet-api';
import { BetDetailDrawer } from '../components/bet-detail-drawer';
import { BetFilterForm } from '../components/bet-filter-form';
import { BetTable } from '../components/bet-table';
import { useBetCsvLabels } from '../hooks/use-bet-csv-labels';
import { useBetFilters, type BetFilters } from '../hooks/use-bet-filters';
import '../bet.css';

export const BET_PATH = '/bet/index';

/** `/bet/index` (PRODUCT.md §5): the bets of the caller's subtree, with every version in the detail. */
export default function BetPage() {
  const { t } = useTranslation('bet');
  const user = useUserStore((s) => s.userInfo);
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());

  const { initial, filters, page, pageSize, search, changePage } = useBetFilters(timeZone);
  const [detailId, setDetailId] = useState<number | null>(null);
  const csvLabels = useBetCsvLabels();

  const body = { ...filters, page, pageSize };
  const grid = useGridQuery({ queryKey: betKeys.list(body), queryFn: ({ signal }) => betApi.list(body, signal), testId: 'bet' });
  const { query, data } = grid;
  // Search and Reset always ask the server, also when the filters are the ones shown.
  const searchNow = (next: BetFilters) => {
    search(next);
    grid.refreshIfSame(betKeys.list({ ...next, page: 1, pageSize }));
  };

  return (
    <div className="page bet-page" data-testid="bet-page">
      <Card variant="borderless">
        <div className="bet-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="bet-timezone">
            {t('timeZone', { zone: timeZone })}
          </Typography.Text>
        </div>
        <div className="bet-bar">
          <BetFilterForm timeZone={timeZone} initial={initial} providers={data?.providers ?? []} onSearch={searchNow} />
          <div className="bet-tools">
            <CsvExportButton
              fetchCsv={() => betApi.exportCsv(filters)}
              labels={csvLabels}
              fileName={betCsvName(filters.start, filters.end)}
              doneText={t('export.done')}
              label={t('export.button')}
              title={t('export.hint')}
              testId="bet-export"
            />
          </div>
        </div>
        {grid.notice}
        <BetTable
          data={data}
          loading={query.isFetching}
          page={page}
          pageSize={pageSize}
          onPageChange={changePage}
          onOpen={setDetailId}
          failure={grid.emptyText()}
        />
      </Card>
      <BetDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
