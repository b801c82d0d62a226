import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { FilterLine, FilterSelect } from './filter-line';

/**
 * A report's filters (the bet search, the agent report): a FilterLine whose first item is the
 * required range, on a row of its own on a narrow screen.
 */
export function RangeFilterForm<V extends object>({
  rangeRules,
  rangePicker,
  initialValues,
  children,
  ...line
}: {
  form: FormInstance<V>;
  testId: string;
  /** The screen's own class beside `filter-line`, for what only it needs. */
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
  return (
    <FilterLine<V> initialValues={initialValues} {...line}>
      <Form.Item name="range" className="filter-line__wide" rules={rangeRules}>
        {rangePicker}
      </Form.Item>
      {children}
    </FilterLine>
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
    <FilterSelect
      name="providerCode"
      placeholder={placeholder}
      options={providers.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
      testId={testId}
    />
  );
}
