import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './filter-line.css';

/**
 * A screen's filters in one line, then Search and Reset: every list screen's (members, content,
 * material, store, the bet search, the agent report). Reset puts the form back to its initial
 * values, then calls `onReset`, or searches with those values when there is none. Narrower than
 * the menu's breakpoint, the filters share the rows two by two; an item with `filter-line__wide`
 * (a range) takes a row of its own. Test ids: `<testId>-filters`, `<testId>-search`,
 * `<testId>-reset`.
 */
export function FilterLine<V extends object>({
  form,
  testId,
  className,
  initialValues,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance<V>;
  testId: string;
  /** The screen's own class beside `filter-line`, for what only it needs. */
  className?: string;
  initialValues?: Partial<V>;
  onFinish: (values: V) => void;
  onReset?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Form<V>
      form={form}
      layout="inline"
      className={className ? `filter-line ${className}` : 'filter-line'}
      initialValues={initialValues}
      onFinish={onFinish}
      data-testid={`${testId}-filters`}
    >
      {children}
      <Form.Item className="filter-line__btn">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
          {t('actions.search')}
        </Button>
      </Form.Item>
      <Form.Item className="filter-line__btn">
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            if (onReset) onReset();
            else onFinish(form.getFieldsValue());
          }}
          data-testid={`${testId}-reset`}
        >
          {t('actions.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** One choice filter of a FilterLine, clearable; its placeholder names it for assistive technology. */
export function FilterSelect<V extends string | number | boolean>({
  name,
  placeholder,
  options,
  testId,
  className,
  loading,
}: {
  name: string;
  placeholder: string;
  options: { value: V; label: string }[];
  testId: string;
  className?: string;
  loading?: boolean;
}) {
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        placeholder={placeholder}
        aria-label={placeholder}
        className={className ? `filter-line__select ${className}` : 'filter-line__select'}
        options={options}
        loading={loading}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** One text filter of a FilterLine, clearable; its placeholder names it for assistive technology. */
export function FilterText({ name, placeholder, testId }: { name: string; placeholder: string; testId: string }) {
  return (
    <Form.Item name={name}>
      <Input allowClear placeholder={placeholder} aria-label={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
