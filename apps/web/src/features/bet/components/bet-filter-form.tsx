import { DatePicker, Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BET_MAX_RANGE_DAYS,
  BUSINESS_RANGE_NAMES,
  SETTLEMENT_STATUSES,
  betRangeIssue,
  businessRange,
  type SettlementStatus,
} from '@agent-bo/shared';
import { FilterSelect } from '../../../components/filter-line';
import { ProviderFilter, RangeFilterForm } from '../../../components/range-filter-form';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { DATE_TIME_FORMAT, fromRange, toRange, type Range } from '../../../lib/time-range';
import { todayFilters, type BetFilters } from '../hooks/use-bet-filters';

interface FormValues {
  range?: Range | null;
  account?: string;
  providerCode?: string;
  gameCode?: string;
  status?: SettlementStatus;
}

/**
 * The bet filters: a wall-clock range with the noon-based presets of the site, account, provider,
 * game and status. Search hands the filters up; reset goes back to today's business day.
 */
export function BetFilterForm({
  timeZone,
  initial,
  providers,
  onSearch,
}: {
  timeZone: string;
  initial: BetFilters;
  providers: readonly { code: string; name: string }[];
  onSearch: (filters: BetFilters) => void;
}) {
  const { t } = useTranslation('bet');
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();

  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: <span data-testid={`bet-preset-${name}`}>{t(`presets.${name}`)}</span>,
        value: () => toRange(businessRange(name, new Date(), timeZone)),
      })),
    [timeZone, t],
  );

  const onFinish = (v: FormValues) => {
    const { start, end } = fromRange(v.range);
    if (!start || !end) return;
    onSearch({
      start,
      end,
      account: v.account?.trim() || undefined,
      providerCode: v.providerCode || undefined,
      gameCode: v.gameCode?.trim() || undefined,
      status: v.status || undefined,
    });
  };

  return (
    <RangeFilterForm<FormValues>
      form={form}
      testId="bet"
      className="bet-filters"
      initialValues={{ range: toRange(initial) }}
      onFinish={onFinish}
      onReset={() => {
        const today = todayFilters(timeZone);
        form.setFieldsValue({ range: toRange(today) });
        onSearch(today);
      }}
      rangeRules={[
        { required: true, message: t('validation.range') },
        {
          validator: async (_, value: Range | null | undefined) => {
            const { start, end } = fromRange(value);
            if (start && end && betRangeIssue(start, end) === 'dateRange.max')
              throw new Error(t('validation.rangeMax', { n: BET_MAX_RANGE_DAYS }));
          },
        },
      ]}
      rangePicker={
        <DatePicker.RangePicker
          showTime
          format={DATE_TIME_FORMAT}
          presets={presets}
          allowClear={false}
          placeholder={[t('filters.start'), t('filters.end')]}
          data-testid="bet-range"
          {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
        />
      }
    >
      <Form.Item name="account">
        <Input
          allowClear
          maxLength={32}
          placeholder={t('filters.account')}
          aria-label={t('filters.account')}
          title={t('filters.accountHint')}
          data-testid="bet-account"
        />
      </Form.Item>
      <ProviderFilter providers={providers} placeholder={t('filters.provider')} testId="bet-provider" />
      <Form.Item name="gameCode">
        <Input
          allowClear
          maxLength={64}
          placeholder={t('filters.game')}
          aria-label={t('filters.game')}
          title={t('filters.gameHint')}
          data-testid="bet-game"
        />
      </Form.Item>
      <FilterSelect
        name="status"
        placeholder={t('filters.status')}
        options={SETTLEMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        testId="bet-status"
      />
    </RangeFilterForm>
  );
}
