import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * A table's last column: edit and (when given) delete icon buttons, named for assistive
 * technology, with test ids `<prefix>-edit-<id>` and `<prefix>-delete-<id>`. `loadingId` spins the
 * edit button of the row whose item is being read.
 */
export function actionsColumn<T extends { id: number }>(
  t: (key: string) => string,
  prefix: string,
  onEdit: (item: T) => void,
  onDelete?: (item: T) => void,
  loadingId?: number | null,
): ColumnType<T> {
  return {
    title: t('common:actions.column'),
    key: 'actions',
    width: onDelete ? 110 : 70,
    fixed: 'right',
    render: (_: unknown, item: T) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          loading={loadingId === item.id}
          aria-label={t('common:actions.edit')}
          onClick={() => onEdit(item)}
          data-testid={`${prefix}-edit-${item.id}`}
        />
        {onDelete ? (
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common:actions.delete')}
            onClick={() => onDelete(item)}
            data-testid={`${prefix}-delete-${item.id}`}
          />
        ) : null}
      </Space>
    ),
  };
}
