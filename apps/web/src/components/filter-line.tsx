import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './filter-line.css';

/**
 * A screen's filters in one line beside its tools (members, content, the bet search, the agent
 * report), then Search and Reset (the fields reset, then `onReset`). Narrower than the menu's
 * breakpoint, the filters share the rows two by two; an item with `filter-line__wide` (a range)
 * takes a row of its own. Test ids: `<testId>-filters`, `<testId>-search`, `<testId>-reset`.
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
  onReset: () => void;
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
