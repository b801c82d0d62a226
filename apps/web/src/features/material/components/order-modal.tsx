import { arrayMove } from '@dnd-kit/sortable';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_IDS_MAX } from '@agent-bo/shared';
import { SortableList } from '../../../components/sortable-list';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { materialKeys } from '../api/material-api';

/**
 * The lobby order of a whole list (categories, modules): every item read, moved by drag and
 * drop, keyboard or buttons, saved in one call. Mounted per opening, so each starts from the
 * server's order.
 */
export function OrderModal<T extends { id: number }>({
  title,
  queryKey,
  load,
  labelOf,
  render,
  send,
  onClose,
  testId,
}: {
  title: string;
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<T[]>;
  labelOf: (item: T) => string;
  render: (item: T) => ReactNode;
  send: (ids: number[]) => Promise<unknown>;
  /** After a cancel, or a save (the material lists are read again then). */
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), staleTime: 0, gcTime: 0 });
  // null until the first move: the server's order until then.
  const [edited, setEdited] = useState<T[] | null>(null);
  const items = edited ?? query.data ?? [];
  const save = useMutation({
    // The server puts the named ids first and keeps the rest after them in their order.
    mutationFn: () => send(items.slice(0, MATERIAL_IDS_MAX).map((i) => i.id)),
    onSuccess: () => {
      void message.success(t('grid.saved'));
      void client.invalidateQueries({ queryKey: materialKeys.all });
      onClose();
    },
  });

  return (
    <Modal
      open
      onCancel={onClose}
      title={title}
      width={isMobile ? '100%' : 640}
      data-testid={testId}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="order-cancel">
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          disabled={edited === null}
          onClick={() => save.mutate()}
          data-testid="order-save"
        >
          {t('actions.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('order.intro')}</Typography.Paragraph>
      {query.isFetching && !query.data ? (
        <Spin className="material-spin" />
      ) : items.length === 0 ? (
        <Empty />
      ) : (
        <div className="material-order">
          <SortableList
            items={items}
            idOf={(i) => i.id}
            labelOf={labelOf}
            render={render}
            onMove={(from, to) => {
              if (to < 0 || to >= items.length || from === to) return;
              setEdited(arrayMove(items, from, to));
            }}
            testId="order-list"
            testIdPrefix="order"
          />
        </div>
      )}
    </Modal>
  );
}
