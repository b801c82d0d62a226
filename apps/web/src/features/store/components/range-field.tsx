import { DatePicker, Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_RANGE_NAMES, DEFAULT_RANGE, businessRange } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { DATE_TIME_FORMAT, toRange } from '../../../lib/time-range';

/** Today's business day (noon to noon) in the site's zone: where the store's date filters open. */
export function defaultRange(timeZone: string): { start: string; end: string } {
  const { start, end } = businessRange(DEFAULT_RANGE, new Date(), timeZone);
  return { start, end };
}

/**
 * A site wall-clock range (`range` of the form) with the noon-based presets of the site's zone;
 * clearing it searches every date. A row of its own on a narrow screen (FilterLine), where both
 * wall clocks show whole with their seconds.
 */
export function RangeField({ timeZone, testId }: { timeZone: string; testId: string }) {
  const { t } = useTranslation('store');
  const isMobile = useIsMobile();
  // Computed when a preset is picked, so a page left open across noon still picks the right day.
  const presets = useMemo(
    () =>
      BUSINESS_RANGE_NAMES.map((name) => ({
        label: t(`presets.${name}`),
        value: () => toRange(businessRange(name, new Date(), timeZone)),
      })),
    [timeZone, t],
  );
  return (
    <Form.Item name="range" className="filter-line__wide">
      <DatePicker.RangePicker
        showTime
        format={DATE_TIME_FORMAT}
        presets={presets}
        placeholder={[t('filter.start'), t('filter.end')]}
        data-testid={testId}
        {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
      />
    </Form.Item>
  );
}
