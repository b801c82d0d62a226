import { DatePicker, Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_RANGE_NAMES, DEFAULT_RANGE, REPORT_MAX_DAYS, daysInRange } from '@agent-bo/shared';
import { ProviderFilter, RangeFilterForm } from '../../../components/range-filter-form';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { DATE_FORMAT, fromDateRange, presetDates, toDateRange, type DateRange } from '../../../lib/date-range';
import type { ReportFilters } from '../hooks/use-agent-report';

interface FormValues {
  range?: DateRange | null;
  providerCode?: string;
}

/**
 * The report filters: a business-date range with the site's noon-based presets turned into
 * dates, and a provider. Search hands the filters up; reset goes back to today's business date.
 */
export function ReportFilterForm({
  timeZone,
  initial,
  providers,
  onSearch,
}: {
  timeZone: string;
  initial: ReportFilters;
  providers: readonly { code: string; name: string }[];
  onSearch: (filters: ReportFilters) => void;
}) {
  const { t } = useTranslation('report');
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();

  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: <span data-testid={`report-preset-${name}`}>{t(`presets.${name}`)}</span>,
        value: () => toDateRange(presetDates(name, timeZone)),
      })),
    [timeZone, t],
  );

  const onFinish = (v: FormValues) => {
    const { start, end } = fromDateRange(v.range);
    if (!start || !end) return;
    onSearch({ start, end, providerCode: v.providerCode || undefined });
  };

  return (
    <RangeFilterForm<FormValues>
      form={form}
      testId="report"
      initialValues={{ range: toDateRange(initial) }}
      onFinish={onFinish}
      onReset={() => {
        const now = presetDates(DEFAULT_RANGE, timeZone);
        form.setFieldsValue({ range: toDateRange(now) });
        onSearch(now);
      }}
      rangeRules={[
        { required: true, message: t('validation.range') },
        {
          validator: async (_, value: DateRange | null | undefined) => {
            const { start, end } = fromDateRange(value);
            if (start && end && daysInRange(start, end) > REPORT_MAX_DAYS)
              throw new Error(t('validation.rangeMax', { n: REPORT_MAX_DAYS }));
          },
        },
      ]}
      rangePicker={
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          presets={presets}
          allowClear={false}
          placeholder={[t('filters.start'), t('filters.end')]}
          data-testid="report-range"
          {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
        />
      }
    >
      <ProviderFilter providers={providers} placeholder={t('filters.provider')} testId="report-provider" />
    </RangeFilterForm>
  );
}
