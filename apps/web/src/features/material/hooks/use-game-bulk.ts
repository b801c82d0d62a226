import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameStatus, GameTag } from '@agent-bo/shared';
import { materialApi } from '../api/material-api';

/**
 * Bulk status and tag of the selected games with the grid's messages (spec §8): nothing selected
 * is a notice and sends nothing; a change of no row says "data unchanged"; else "saved".
 */
export function useGameBulk(refresh: () => Promise<void>) {
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const mutation = useMutation({
    mutationFn: ({ change, ids }: { change: { status: GameStatus } | { tag: GameTag }; ids: number[] }) =>
      'status' in change ? materialApi.bulkStatus({ ids, status: change.status }) : materialApi.bulkTag({ ids, tag: change.tag }),
    onSettled: refresh,
  });

  /** False (and the notice) when nothing is selected. */
  const requireSelection = (ids: readonly number[] = selected) => {
    if (ids.length > 0) return true;
    void message.warning(t('grid.selectAtLeastOne'));
    return false;
  };

  /** Changes the selected games (or `ids`); true once the change went through, whether or not a row changed. */
  const apply = async (change: { status: GameStatus } | { tag: GameTag }, ids: number[] = selected): Promise<boolean> => {
    if (!requireSelection(ids)) return false;
    try {
      const { changed } = await mutation.mutateAsync({ change, ids });
      if (changed === 0) void message.info(t('grid.unchanged'));
      else void message.success(t('grid.savedCount', { n: changed }));
      return true;
    } catch {
      // the API client already showed the failure
      return false;
    }
  };

  return { selected, setSelected, requireSelection, apply, applying: mutation.isPending };
}
