import { arrayMove } from '@dnd-kit/sortable';
import { useState } from 'react';

/**
 * A server's ordered list with local moves on top until saved: the moved order of ids (null
 * until the first move, or after `reset`). Items the server no longer sends drop out; new ones
 * come after the moved ones, in the server's order.
 */
export function useLocalOrder<T extends { id: number }>(server: readonly T[]) {
  const [ids, setIds] = useState<number[] | null>(null);
  const items = ids
    ? [
        ...ids.map((id) => server.find((i) => i.id === id)).filter((i): i is T => i !== undefined),
        ...server.filter((i) => !ids.includes(i.id)),
      ]
    : [...server];
  return {
    items,
    changed: ids !== null,
    move: (from: number, to: number) => {
      if (to < 0 || to >= items.length || from === to) return;
      setIds(arrayMove(items, from, to).map((i) => i.id));
    },
    reset: () => setIds(null),
  };
}
