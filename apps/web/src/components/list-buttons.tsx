import { OrderedListOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('common');
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
