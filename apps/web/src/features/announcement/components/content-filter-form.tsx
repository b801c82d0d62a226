import { DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_TITLE_MAX, PUBLISH_STATUSES, type ContentType, type PublishStatus } from '@agent-bo/shared';
import { FilterLine } from '../../../components/filter-line';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { DATE_TIME_FORMAT, fromRange, type Range } from '../../../lib/time-range';
import type { ContentFilters } from '../hooks/use-content-list';

interface FormValues {
  title?: string;
  status?: PublishStatus;
  range?: Range | null;
}

/** Title text, status, and a range in the site's time zone that the items' windows overlap. */
export function ContentFilterForm({ type, onSearch }: { type: ContentType; onSearch: (filters: ContentFilters) => void }) {
  const { t } = useTranslation('announcement');
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();

  const onFinish = (v: FormValues) => onSearch({ title: v.title?.trim() || undefined, status: v.status, ...fromRange(v.range) });

  return (
    <FilterLine<FormValues> form={form} testId="content" className="ann-filters" onFinish={onFinish} onReset={() => onSearch({})}>
      <Form.Item name="title">
        <Input
          allowClear
          maxLength={CONTENT_TITLE_MAX}
          placeholder={t(type === 'BROADCAST' ? 'filters.text' : 'filters.title')}
          data-testid="content-filter-title"
        />
      </Form.Item>
      <Form.Item name="status" className="ann-filters__status">
        <Select<PublishStatus>
          allowClear
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          options={PUBLISH_STATUSES.map((s) => ({ value: s, label: t(s === 'Published' ? 'status.Published' : 'status.Draft') }))}
          optionRender={(o) => <span data-testid={`content-filter-status-${String(o.value)}`}>{o.label}</span>}
          data-testid="content-filter-status"
        />
      </Form.Item>
      <Form.Item name="range" className="filter-line__wide">
        <DatePicker.RangePicker
          showTime
          format={DATE_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('filters.start'), t('filters.end')]}
          data-testid="content-filter-range"
          {...(isMobile ? { placement: 'bottomLeft' as const } : {})}
        />
      </Form.Item>
    </FilterLine>
  );
}
