import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Empty, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_IDS_MAX, localized, type ContentItem } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import { usePopsEditor } from '../hooks/use-pops-editor';
import { PopCandidateSelect } from './pop-candidate-select';
import { PopRow } from './pop-row';

/**
 * The activities that pop up after sign-in, in their order: drag a row (or use its handle with
 * the keyboard, or its up and down buttons), add activities, take them out, then save. Mounted
 * per opening, so each starts from the server's list.
 */
export function PopsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('announcement');
  const locale = useLocaleStore((s) => s.locale);
  const isMobile = useIsMobile();
  const pops = usePopsEditor(onClose);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const titleOf = (item: ContentItem) => localized(item.title, locale);
  const titleById = (id: string | number) => {
    const item = pops.items.find((i) => i.id === id);
    return item ? titleOf(item) : '';
  };
  const positionOf = (id: string | number) => pops.items.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('pops.a11y.start', { title: titleById(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('pops.a11y.over', { title: titleById(active.id), n: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('pops.a11y.end', { title: titleById(active.id), n: positionOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('pops.a11y.cancel', { title: titleById(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    pops.move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('pops.title')}
      width={isMobile ? '100%' : 640}
      data-testid="pops-modal"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="pops-cancel">
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={pops.saving}
          disabled={!pops.changed}
          onClick={() => void pops.save()}
          data-testid="pops-save"
        >
          {t('actions.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('pops.intro')}</Typography.Paragraph>
      <PopCandidateSelect chosen={pops.items.map((i) => i.id)} disabled={pops.full} onAdd={pops.add} />
      {pops.full ? <Alert type="info" showIcon className="ann-pops__full" title={t('pops.full', { n: CONTENT_IDS_MAX })} /> : null}
      {pops.loading ? (
        <Spin className="ann-pops__spin" />
      ) : pops.items.length === 0 ? (
        <Empty description={t('pops.empty')} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('pops.a11y.instructions') } }}
        >
          <SortableContext items={pops.items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <ol className="ann-pops" data-testid="pops-list">
              {pops.items.map((item, index) => (
                <PopRow
                  key={item.id}
                  item={item}
                  title={titleOf(item)}
                  index={index}
                  count={pops.items.length}
                  onMove={pops.move}
                  onRemove={pops.remove}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Modal>
  );
}
