import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list-page.css';

/**
 * A list's filters in a line, with Search (from page 1) and Reset (the form's initial values, then
 * `onReset` or a search with them). `testId` prefixes `<testId>-filters`, `-search`, `-reset`.
 */
export function FilterForm<V extends object>({
  form,
  onSearch,
  onReset,
  testId,
  initialValues,
  children,
}: {
  form: FormInstance<V>;
  onSearch: (values: V) => void;
  onReset?: () => void;
  testId: string;
  initialValues?: Partial<V>;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Form<V>
      form={form}
      layout="inline"
      onFinish={onSearch}
      className="filter-form"
      initialValues={initialValues}
      data-testid={`${testId}-filters`}
    >
      {children}
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
          {t('actions.search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            if (onReset) onReset();
            else onSearch(form.getFieldsValue());
          }}
          data-testid={`${testId}-reset`}
        >
          {t('actions.reset')}
        </Button>
      </Space>
    </Form>
  );
}

/** One choice filter of a FilterForm, clearable; its placeholder names it for assistive technology. */
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
        className={`filter-form__select ${className ?? ''}`}
        options={options}
        loading={loading}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** One text filter of a FilterForm, clearable. */
export function FilterText({ name, placeholder, testId }: { name: string; placeholder: string; testId: string }) {
  return (
    <Form.Item name={name}>
      <Input allowClear placeholder={placeholder} aria-label={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
