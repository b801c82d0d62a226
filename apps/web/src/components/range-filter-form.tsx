import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './range-filter-form.css';

/**
 * A report's filters in a line (the bet search, the agent report): a required range first, the
 * screen's other filters, then Search and Reset (the fields reset, then `onReset`, which puts the
 * default range back and searches). On a screen narrower than the menu's breakpoint the range
 * takes its own row and the other filters share the rows two by two.
 * Test ids: `<testId>-filters`, `<testId>-search`, `<testId>-reset`.
 */
export function RangeFilterForm<V extends object>({
  form,
  testId,
  className,
  initialValues,
  rangeRules,
  rangePicker,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance<V>;
  testId: string;
  /** The screen's own class beside `range-filters`, for what only it needs. */
  className?: string;
  initialValues: Partial<V>;
  /** The range item's rules: required, and the screen's longest range. */
  rangeRules: Rule[];
  /** The screen's range picker (dates or wall-clock times, its presets). */
  rangePicker: ReactNode;
  onFinish: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Form<V>
      form={form}
      layout="inline"
      className={className ? `range-filters ${className}` : 'range-filters'}
      initialValues={initialValues}
      onFinish={onFinish}
      data-testid={`${testId}-filters`}
    >
      <Form.Item name="range" className="range-filters__range" rules={rangeRules}>
        {rangePicker}
      </Form.Item>
      {children}
      <Form.Item className="range-filters__btn">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
          {t('actions.search')}
        </Button>
      </Form.Item>
      <Form.Item className="range-filters__btn">
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onReset();
          }}
          data-testid={`${testId}-reset`}
        >
          {t('actions.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** One clearable choice of a RangeFilterForm; its placeholder names it for assistive technology. */
export function RangeFilterSelect<T extends string>({
  name,
  placeholder,
  options,
  testId,
}: {
  name: string;
  placeholder: string;
  options: { value: T; label: string }[];
  testId: string;
}) {
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        placeholder={placeholder}
        aria-label={placeholder}
        className="range-filters__select"
        options={options}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The provider filter of a report: every provider the site offers, by name and code. */
export function ProviderFilter({
  providers,
  placeholder,
  testId,
}: {
  providers: readonly { code: string; name: string }[];
  placeholder: string;
  testId: string;
}) {
  return (
    <RangeFilterSelect
      name="providerCode"
      placeholder={placeholder}
      options={providers.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
      testId={testId}
    />
  );
}
