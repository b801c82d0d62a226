import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialKeys } from '../api/material-api';
import { gameName } from './name-tabs';

/**
 * Finds games by code or any name on the server (`search`) and leaves out those already
 * `chosen`. Single: each pick is handed to `onPick` and the box empties. Multiple: the picks are
 * kept as `picked` until their owner acts on them.
 */
export function GameSearchSelect({
  search,
  source,
  chosen,
  disabled = false,
  placeholder,
  testId,
  ...mode
}: {
  search: (text: string, signal: AbortSignal) => Promise<Game[]>;
  /** Which search it is, for the query cache. */
  source: string;
  chosen: readonly number[];
  disabled?: boolean;
  placeholder: string;
  testId: string;
} & ({ multiple?: false; onPick: (game: Game) => void } | { multiple: true; picked: Game[]; onPickedChange: (games: Game[]) => void })) {
  const { t } = useTranslation('material');
  const locale = useLocaleStore((s) => s.locale);
  const [text, setText] = useState('');
  const query = useQuery({
    queryKey: [...materialKeys.all, 'search', source, text.trim()],
    queryFn: ({ signal }) => search(text.trim(), signal),
    placeholderData: (prev) => prev,
  });
  const found = (query.data ?? []).filter((g) => !chosen.includes(g.id));
  const picked = mode.multiple ? mode.picked : [];
  const known = [...picked, ...found.filter((g) => !picked.some((p) => p.id === g.id))];
  const label = (g: Game) => `${gameName(g, locale)} · ${g.providerCode} ${g.code}`;

  return (
    <Select<number | number[]>
      mode={mode.multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      value={mode.multiple ? picked.map((g) => g.id) : null}
      disabled={disabled}
      loading={query.isFetching}
      placeholder={placeholder}
      className="material-game-search"
      notFoundContent={t('search.none')}
      options={known.map((g) => ({ value: g.id, label: label(g) }))}
      optionRender={(o) => <span data-testid={`${testId}-option-${String(o.value)}`}>{o.label}</span>}
      onChange={(value) => {
        if (mode.multiple) {
          const ids = value as number[];
          mode.onPickedChange(ids.map((id) => known.find((g) => g.id === id)).filter((g): g is Game => g !== undefined));
        } else {
          const game = found.find((g) => g.id === value);
          if (game) mode.onPick(game);
          setText('');
        }
      }}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}
