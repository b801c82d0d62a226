import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { wholeNumberRule } from '../../../lib/whole-number-rule';

/** The sort number of a drawer: a whole number from 0 to 1,000,000, smaller first. */
export function SortField({ hint = false }: { hint?: boolean }) {
  const { t } = useTranslation('material');
  return (
    <Form.Item
      name="sort"
      label={t('form.sort')}
      extra={hint ? t('form.sortHint') : undefined}
      rules={[{ required: true, message: t('validation.sort') }, wholeNumberRule(t, 0, 1_000_000)]}
    >
      <InputNumber className="material-sort" data-testid="material-sort" />
    </Form.Item>
  );
}
