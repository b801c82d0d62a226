import { arrayMove } from '@dnd-kit/sortable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_IDS_MAX, type ContentItem } from '@agent-bo/shared';
import { contentApi, contentKeys, POPS_REQUEST } from '../api/content-api';

/**
 * The pop-up list being edited: read from the current pop-ups, then reordered, added to and
 * removed from locally until saved with `set_pops` in the shown order. Saving reloads every
 * content list (their pop-up positions changed).
 */
export function usePopsEditor(onSaved: () => void) {
  const { t } = useTranslation('announcement');
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: contentKeys.pops, queryFn: ({ signal }) => contentApi.list(POPS_REQUEST, signal) });
  // null until the first change: the list is the server's until then.
  const [edited, setEdited] = useState<ContentItem[] | null>(null);
  const items = edited ?? query.data?.list ?? [];

  const save = useMutation({
    mutationFn: () => contentApi.setPops(items.map((i) => i.id)),
    onSuccess: () => {
      void message.success(t('grid.saved'));
      void client.invalidateQueries({ queryKey: contentKeys.all });
      onSaved();
    },
  });

  return {
    items,
    loading: query.isFetching && !query.data,
    changed: edited !== null,
    full: items.length >= CONTENT_IDS_MAX,
    move: (from: number, to: number) => {
      if (to < 0 || to >= items.length || from === to) return;
      setEdited(arrayMove(items, from, to));
    },
    add: (item: ContentItem) => {
      if (items.length < CONTENT_IDS_MAX && !items.some((i) => i.id === item.id)) setEdited([...items, item]);
    },
    remove: (id: number) => setEdited(items.filter((i) => i.id !== id)),
    save: () => save.mutateAsync().catch(() => undefined),
    saving: save.isPending,
  };
}
