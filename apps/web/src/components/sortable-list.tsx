import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './sortable-list.css';

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => number;
  /** The item's name, for the handle's accessible name and the screen-reader announcements. */
  labelOf: (item: T) => string;
  /** The item's own content, between its position and its buttons. */
  render: (item: T, index: number) => ReactNode;
  /** Moves the item at `from` to `to`; without it the list is read-only (no handle, no buttons). */
  onMove?: (from: number, to: number) => void;
  /** Takes an item out; without it there is no remove button. */
  onRemove?: (item: T) => void;
  /** More buttons of an item, before the move buttons. */
  actions?: (item: T, index: number) => ReactNode;
  /** Test ids: `<prefix>-row-<id>`, `-drag-`, `-up-`, `-down-`, `-remove-`. */
  testIdPrefix: string;
  testId?: string;
  className?: string;
}

/**
 * An ordered list whose items are moved by dragging their handle (pointer or touch), by the
 * keyboard on the handle (space or enter picks up, the arrows move, space or enter drops, escape
 * cancels; dnd-kit announces each step in the user's language) or by the up and down buttons.
 * The list only reports moves; its owner keeps the order.
 */
export function SortableList<T>({
  items,
  idOf,
  labelOf,
  render,
  onMove,
  onRemove,
  actions,
  testIdPrefix,
  testId,
  className,
}: SortableListProps<T>) {
  const { t } = useTranslation('common');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map(idOf);
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const labelById = (id: UniqueIdentifier) => {
    const item = items[positionOf(id) - 1];
    return item === undefined ? '' : labelOf(item);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('sortable.a11y.start', { title: labelById(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('sortable.a11y.over', { title: labelById(active.id), n: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('sortable.a11y.end', { title: labelById(active.id), n: positionOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('sortable.a11y.cancel', { title: labelById(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!onMove || !over || active.id === over.id) return;
    onMove(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('sortable.a11y.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!onMove}>
        <ol className={`sortable-list${className ? ` ${className}` : ''}`} data-testid={testId}>
          {items.map((item, index) => (
            <SortableRow
              key={idOf(item)}
              id={idOf(item)}
              label={labelOf(item)}
              index={index}
              count={items.length}
              onMove={onMove}
              onRemove={onRemove ? () => onRemove(item) : undefined}
              extra={actions?.(item, index)}
              testIdPrefix={testIdPrefix}
            >
              {render(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  index,
  count,
  onMove,
  onRemove,
  extra,
  testIdPrefix,
  children,
}: {
  id: number;
  label: string;
  index: number;
  count: number;
  onMove?: (from: number, to: number) => void;
  onRemove?: () => void;
  extra: ReactNode;
  testIdPrefix: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const p = testIdPrefix;

  return (
    <li
      ref={setNodeRef}
      className={`sortable-list__row${isDragging ? ' sortable-list__row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid={`${p}-row-${id}`}
    >
      {onMove ? (
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          icon={<HolderOutlined />}
          className="sortable-list__handle"
          {...attributes}
          {...listeners}
          aria-label={t('sortable.drag', { title: label })}
          data-testid={`${p}-drag-${id}`}
        />
      ) : null}
      <span className="sortable-list__position">{index + 1}</span>
      <span className="sortable-list__content">{children}</span>
      {extra || onMove || onRemove ? (
        <span className="sortable-list__actions">
          {extra}
          {onMove ? (
            <>
              <Tooltip title={t('sortable.up')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('sortable.moveUp', { title: label })}
                  onClick={() => onMove(index, index - 1)}
                  data-testid={`${p}-up-${id}`}
                />
              </Tooltip>
              <Tooltip title={t('sortable.down')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === count - 1}
                  aria-label={t('sortable.moveDown', { title: label })}
                  onClick={() => onMove(index, index + 1)}
                  data-testid={`${p}-down-${id}`}
                />
              </Tooltip>
            </>
          ) : null}
          {onRemove ? (
            <Tooltip title={t('sortable.remove')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('sortable.removeOne', { title: label })}
                onClick={onRemove}
                data-testid={`${p}-remove-${id}`}
              />
            </Tooltip>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}
