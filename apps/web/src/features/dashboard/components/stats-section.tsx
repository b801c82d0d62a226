import { BarChartOutlined, DollarOutlined, FireOutlined, LoginOutlined, RiseOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Row, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_RANGE_NAMES, DEFAULT_RANGE, REPORT_MAX_DAYS, daysInRange, type DashboardStats } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useAppStore } from '../../../stores/app-store';
import { useUserStore } from '../../../stores/user-store';
import { formatMoney } from '../../../lib/money';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { DATE_FORMAT, fromDateRange, presetDates, toDateRange, type DateRange } from '../../../lib/date-range';
import { dashboardKeys, fetchDashboardStats } from '../api/dashboard-api';
import { shareOption, trendOption, visitsOption, type ChartLook, type ShareItem } from '../charts/options';
import { EChart } from './echart';
import '../dashboard.css';
import { Figure } from './figure';
import { MoneyText } from '../../../components/money-text';

interface Filters {
  start: string;
  end: string;
  providerCode?: string;
}
interface FormValues {
  range?: DateRange | null;
  providerCode?: string;
}

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card variant="borderless" className="dash-chart-card" title={title} data-testid={testId}>
      {children}
    </Card>
  );
}

/** The members' result coloured as in the agent report: green above zero, red below. */
function WinLoss({ value }: { value: string }) {
  return <MoneyText value={value} tone="result" style={{ fontSize: 'inherit' }} />;
}

/**
 * Sales, shares, visits and trends of the caller's subtree (PRODUCT.md §5) over business dates,
 * opening on the current business day like every date filter (DEFAULT_RANGE), with the
 * noon-based presets of the report.
 */
export function StatsSection() {
  const { t } = useTranslation('dashboard');
  const isMobile = useIsMobile();
  const dark = useAppStore((s) => s.darkMode);
  const primary = useAppStore((s) => s.projectConfig.themeColor);
  const user = useUserStore((s) => s.userInfo);
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());
  const [form] = Form.useForm<FormValues>();
  const initialDates = useMemo(() => presetDates(DEFAULT_RANGE, timeZone), [timeZone]);
  const [filters, setFilters] = useState<Filters>(initialDates);
  const look = useMemo<ChartLook>(() => ({ dark, primary }), [dark, primary]);

  const query = useQuery({
    queryKey: dashboardKeys.stats(filters),
    queryFn: ({ signal }) => fetchDashboardStats(filters, signal),
    placeholderData: keepPreviousData,
  });
  const stats = query.data;

  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: <span data-testid={`dash-preset-${name}`}>{t(`report:presets.${name}`)}</span>,
        value: () => toDateRange(presetDates(name, timeZone)),
      })),
    [timeZone, t],
  );

  const onFinish = (v: FormValues) => {
    const { start, end } = fromDateRange(v.range);
    if (start && end) setFilters({ start, end, providerCode: v.providerCode || undefined });
  };

  return (
    <section className="dash-stats" data-testid="dash-stats">
      <Card variant="borderless" className="dash-stats__bar">
        <div className="dash-stats__head">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('stats.title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="dash-stats-range">
            {t('stats.range', { start: filters.start, end: filters.end, n: daysInRange(filters.start, filters.end), zone: timeZone })}
          </Typography.Text>
        </div>
        <Form<FormValues>
          form={form}
          layout="inline"
          className="dash-filters"
          initialValues={{ range: toDateRange(initialDates) }}
          onFinish={onFinish}
        >
          <Form.Item
            name="range"
            rules={[
              { required: true, message: t('stats.validation.range') },
              {
                validator: async (_, value: DateRange | null | undefined) => {
                  const { start, end } = fromDateRange(value);
                  if (start && end && daysInRange(start, end) > REPORT_MAX_DAYS)
                    throw new Error(t('stats.validation.rangeMax', { n: REPORT_MAX_DAYS }));
                },
              },
            ]}
          >
            <DatePicker.RangePicker
              format={DATE_FORMAT}
              presets={presets}
              allowClear={false}
              placeholder={[t('stats.start'), t('stats.end')]}
              data-testid="dash-range"
              {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
            />
          </Form.Item>
          <Form.Item name="providerCode">
            <Select
              allowClear
              placeholder={t('stats.allProviders')}
              aria-label={t('stats.allProviders')}
              style={{ minWidth: 180 }}
              options={(stats?.providers ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
              data-testid="dash-provider"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={query.isFetching} data-testid="dash-search">
              {t('stats.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>

      {query.isError && !stats ? (
        <Alert
          type="error"
          showIcon
          title={t('stats.loadFailed')}
          description={query.error.message}
          data-testid="dash-stats-error"
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : !stats ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <StatsBody stats={stats} look={look} compact={isMobile} />
      )}
    </section>
  );
}

function StatsBody({ stats, look, compact }: { stats: DashboardStats; look: ChartLook; compact: boolean }) {
  const { t } = useTranslation('dashboard');
  const { totals } = stats;

  const { trend, visits, byProvider, byCategory, hasProviders, hasCategories } = useMemo(() => {
    const share = { betAmount: t('stats.betAmount'), betCount: t('stats.betCount') };
    const providers: ShareItem[] = stats.byProvider.map((p) => ({ ...p, label: p.name }));
    const categories: ShareItem[] = stats.byCategory.map((c) => ({ ...c, label: t(`categories.${c.category}`) }));
    return {
      trend: trendOption(
        stats.trend,
        { betAmount: t('stats.betAmount'), memberWinLoss: t('stats.memberWinLoss'), betCount: t('stats.betCount') },
        look,
      ),
      visits: visitsOption(stats.trend, { visits: t('stats.visits'), visitors: t('stats.visitors') }, look),
      byProvider: shareOption(providers, share, look, compact),
      byCategory: shareOption(categories, share, look, compact),
      hasProviders: providers.length > 0,
      hasCategories: categories.length > 0,
    };
  }, [stats, t, look, compact]);

  const kpi = { xs: 12, md: 8, xl: { flex: '20%' } };
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.noBets')} />;
  return (
    <>
      <Row gutter={[12, 12]} className="dash-kpis">
        <Col xs={24} md={8} xl={{ flex: '20%' }}>
          <Figure testId="dash-kpi-sales" title={t('stats.betAmount')} icon={<DollarOutlined />} value={formatMoney(totals.betAmount)} />
        </Col>
        <Col {...kpi}>
          <Figure testId="dash-kpi-valid" title={t('stats.validBet')} icon={<BarChartOutlined />} value={formatMoney(totals.validBet)} />
        </Col>
        <Col {...kpi}>
          <Figure
            testId="dash-kpi-winloss"
            title={t('stats.memberWinLoss')}
            icon={<RiseOutlined />}
            value={<WinLoss value={totals.memberWinLoss} />}
          />
        </Col>
        <Col {...kpi}>
          <Figure
            testId="dash-kpi-count"
            title={t('stats.betCount')}
            icon={<FireOutlined />}
            value={totals.betCount.toLocaleString('en-US')}
          />
        </Col>
        <Col {...kpi}>
          <Figure
            testId="dash-kpi-visits"
            title={t('stats.visits')}
            icon={<LoginOutlined />}
            value={totals.visits.toLocaleString('en-US')}
            extra={t('stats.visitorsExtra', { n: totals.visitors })}
          />
        </Col>
      </Row>
      <Row gutter={[12, 12]} className="dash-charts">
        <Col xs={24} xl={16}>
          <ChartCard title={t('stats.trendTitle')} testId="dash-trend">
            <EChart option={trend} height={compact ? 260 : 320} label={t('stats.trendTitle')} testId="dash-chart-trend" />
          </ChartCard>
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard title={t('stats.visitsTitle')} testId="dash-visits">
            <EChart option={visits} height={compact ? 240 : 320} label={t('stats.visitsTitle')} testId="dash-chart-visits" />
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard title={t('stats.byProviderTitle')} testId="dash-by-provider">
            {hasProviders ? (
              <EChart option={byProvider} height={300} label={t('stats.byProviderTitle')} testId="dash-chart-provider" />
            ) : (
              empty
            )}
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard title={t('stats.byCategoryTitle')} testId="dash-by-category">
            {hasCategories ? (
              <EChart option={byCategory} height={300} label={t('stats.byCategoryTitle')} testId="dash-chart-category" />
            ) : (
              empty
            )}
          </ChartCard>
        </Col>
      </Row>
    </>
  );
}
