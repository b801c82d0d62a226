import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { wholeNumberRule } from '../../../lib/whole-number-rule';

/** The status choice and sort number of an item, side by side (one column on a phone). */
export function StatusSortRow({ statuses, testId }: { statuses: readonly string[]; testId: string }) {
  const { t } = useTranslation('store');
  return (
    <div className="store-drawer__row">
      <Form.Item name="status" label={t('form.status')}>
        <Select options={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid={`${testId}-status`} />
      </Form.Item>
      <Form.Item
        name="sort"
        label={t('form.sort')}
        extra={t('form.sortHint')}
        rules={[{ required: true, message: t('validation.required') }, wholeNumberRule(t, 0, 1_000_000)]}
      >
        <InputNumber className="store-number" data-testid={`${testId}-sort`} />
      </Form.Item>
    </div>
  );
}
