import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@agent-bo/shared';
import { STATUS_COLORS } from './content-columns';

/**
 * One pop-up of the list: a drag handle (pointer or keyboard: space, arrows, space), its
 * position, title, status and end, and buttons to move it up or down or take it out.
 */
export function PopRow({
  item,
  title,
  index,
  count,
  onMove,
  onRemove,
}: {
  item: ContentItem;
  title: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation('announcement');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });

  return (
    <li
      ref={setNodeRef}
      className={`ann-pop${isDragging ? ' ann-pop--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid={`pop-row-${item.id}`}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        className="ann-pop__handle"
        {...attributes}
        {...listeners}
        aria-label={t('pops.drag', { title })}
        data-testid={`pop-drag-${item.id}`}
      />
      <span className="ann-pop__position">{index + 1}</span>
      <span className="ann-pop__text">
        <Typography.Text strong ellipsis={{ tooltip: title }}>
          {title}
        </Typography.Text>
        <span className="ann-pop__meta">
          <Tag color={STATUS_COLORS[item.status]}>{t(item.status === 'Published' ? 'status.Published' : 'status.Draft')}</Tag>
          <Typography.Text type="secondary">{t('pops.until', { at: item.endAt })}</Typography.Text>
        </span>
      </span>
      <span className="ann-pop__actions">
        <Tooltip title={t('pops.up')}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={t('pops.moveUp', { title })}
            onClick={() => onMove(index, index - 1)}
            data-testid={`pop-up-${item.id}`}
          />
        </Tooltip>
        <Tooltip title={t('pops.down')}>
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            aria-label={t('pops.moveDown', { title })}
            onClick={() => onMove(index, index + 1)}
            data-testid={`pop-down-${item.id}`}
          />
        </Tooltip>
        <Tooltip title={t('pops.remove')}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('pops.removeOne', { title })}
            onClick={() => onRemove(item.id)}
            data-testid={`pop-remove-${item.id}`}
          />
        </Tooltip>
      </span>
    </li>
  );
}
