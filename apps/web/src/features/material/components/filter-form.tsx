import { OrderedListOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's filters in a line, with Search (from page 1) and Reset (every filter cleared). */
export function FilterForm<F extends object>({
  form,
  onSearch,
  testId,
  children,
}: {
  form: FormInstance<F>;
  onSearch: (values: F) => void;
  /** The search button's test id. */
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('material');
  return (
    <Form form={form} layout="inline" onFinish={onSearch} className="material-filter-form">
      {children}
      <Space>
        <Button type="primary" htmlType="submit" data-testid={testId}>
          {t('actions.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({} as F);
          }}
        >
          {t('actions.reset')}
        </Button>
      </Space>
    </Form>
  );
}

/** One choice filter of a FilterForm, clearable. */
export function FilterSelect<V extends string | number>({
  name,
  placeholder,
  options,
  testId,
}: {
  name: string;
  placeholder: string;
  options: { value: V; label: string }[];
  testId: string;
}) {
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        placeholder={placeholder}
        aria-label={placeholder}
        className="material-filter-select"
        options={options}
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

/**
 * A list's buttons: with the write code "new" and "order" (each when given), and always Refresh.
 * `prefix` names their test ids: `<prefix>-create`, `<prefix>-order`.
 */
export function ListButtons({
  canWrite,
  prefix,
  createLabel,
  onCreate,
  onOrder,
  refreshing,
  onRefresh,
}: {
  canWrite: boolean;
  prefix: string;
  createLabel?: string;
  onCreate?: () => void;
  onOrder?: () => void;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('material');
  return (
    <Space wrap>
      {canWrite && onCreate ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={`${prefix}-create`}>
          {createLabel}
        </Button>
      ) : null}
      {canWrite && onOrder ? (
        <Button icon={<OrderedListOutlined />} onClick={onOrder} data-testid={`${prefix}-order`}>
          {t('actions.order')}
        </Button>
      ) : null}
      <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
        {t('actions.refresh')}
      </Button>
    </Space>
  );
}
