import { ArrowRightOutlined } from '@ant-design/icons';
import { Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money-text';

/** The two balances of a credit move, before and after: the preview while typing, the server's figures once done. */

export interface BalanceLine {
  key: 'from' | 'to';
  role: string;
  accountNo: string;
  before: string;
  after: string | null;
}

function Money({ value, testId, strong }: { value: string | null; testId: string; strong?: boolean }) {
  if (value === null)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        —
      </Typography.Text>
    );
  return <MoneyText value={value} tone="debt" strong={strong} className="member-money" data-testid={testId} data-value={value} />;
}

export function BalanceTable({ lines }: { lines: BalanceLine[] }) {
  const { t } = useTranslation('member');
  const columns: ColumnsType<BalanceLine> = [
    {
      title: t('credit.account'),
      key: 'account',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{l.accountNo}</Typography.Text>
          <Typography.Text type="secondary" className="credit-role">
            {l.role}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('credit.before'),
      key: 'before',
      align: 'right',
      render: (_, l) => <Money value={l.before} testId={`credit-balance-${l.key}-before`} />,
    },
    { title: '', key: 'arrow', width: 24, render: () => <ArrowRightOutlined className="credit-arrow" /> },
    {
      title: t('credit.after'),
      key: 'after',
      align: 'right',
      render: (_, l) => <Money value={l.after} strong testId={`credit-balance-${l.key}-after`} />,
    },
  ];
  return (
    <Table<BalanceLine>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={lines}
      pagination={false}
      className="credit-balances"
      data-testid="credit-balances"
    />
  );
}
