import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { daysInRange } from '@agent-bo/shared';
import { useUserStore } from '../../../stores/user-store';
import { CsvExportButton } from '../../../components/csv-export-button';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { reportApi, reportCsvName } from '../api/report-api';
import { ReportBreadcrumb } from '../components/report-breadcrumb';
import { ReportFilterForm } from '../components/report-filter-form';
import { ReportTable } from '../components/report-table';
import { useAgentReport } from '../hooks/use-agent-report';
import { useReportCsvLabels } from '../hooks/use-report-csv-labels';
import '../report.css';

export const REPORT_PATH = '/report/agent';

/** `/report/agent` (PRODUCT.md §5): an agent's rows per direct child and totals, with drill-down. */
export default function ReportPage() {
  const { t } = useTranslation('report');
  const csvLabels = useReportCsvLabels();
  const user = useUserStore((s) => s.userInfo);
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());
  const { today, filters, search, body, query, report, drill, notice, failure } = useAgentReport(timeZone);

  return (
    <div className="page report-page" data-testid="report-page">
      <Card variant="borderless">
        <ReportBreadcrumb chain={report?.chain ?? []} path={REPORT_PATH} />
        <div className="report-head">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
            {report ? t('heading', { accountNo: report.agent.accountNo, nickName: report.agent.nickName }) : t('title')}
          </Typography.Title>
          {report ? <Tag>{t('ratio', { ratio: report.agent.ratio })}</Tag> : null}
          <Typography.Text type="secondary" data-testid="report-timezone">
            {t('timeZone', { zone: timeZone })}
          </Typography.Text>
        </div>
        <div className="report-bar">
          <ReportFilterForm timeZone={timeZone} initial={today} providers={report?.providers ?? []} onSearch={search} />
          <div className="report-tools">
            <CsvExportButton
              fetchCsv={() => reportApi.exportCsv(body)}
              labels={csvLabels}
              fileName={reportCsvName(report?.agent.accountNo ?? 'report', filters.start, filters.end)}
              doneText={t('export.done')}
              label={t('export.button')}
              title={t('export.hint')}
              disabled={!report}
              testId="report-export"
            />
          </div>
        </div>
        <Typography.Text type="secondary" className="report-range-text" data-testid="report-range-text">
          {t('range', { start: filters.start, end: filters.end, n: daysInRange(filters.start, filters.end) })}
        </Typography.Text>
        {notice}
        <ReportTable report={report} loading={query.isFetching} onDrill={drill} failure={failure} />
      </Card>
    </div>
  );
}
