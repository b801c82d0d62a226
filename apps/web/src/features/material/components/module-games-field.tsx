import { arrayMove } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODULE_GAMES_MAX, type Game } from '@agent-bo/shared';
import { SortableList } from '../../../components/sortable-list';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { GameLine } from './game-line';
import { GameSearchSelect } from './game-search-select';
import { gameName } from './name-tabs';

/**
 * A module's games in lobby order, as a form control: find games to add (`collection/games`,
 * readable with the module's own codes), move them by drag and drop, keyboard or buttons, take
 * them out. Each game once, at most MODULE_GAMES_MAX.
 */
export function ModuleGamesField({ value = [], onChange }: { value?: Game[]; onChange?: (games: Game[]) => void }) {
  const { t } = useTranslation('material');
  const locale = useLocaleStore((s) => s.locale);
  // The editors' options are readable with the module's own codes; they name the providers.
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => materialApi.options(signal) });
  const providerName = (code: string) => options.data?.providers.find((p) => p.code === code)?.name;
  const full = value.length >= MODULE_GAMES_MAX;
  const set = (games: Game[]) => onChange?.(games);

  return (
    <div className="material-module-games">
      <GameSearchSelect
        source="collection"
        search={(text, signal) => materialApi.moduleGameSearch({ text }, signal)}
        chosen={value.map((g) => g.id)}
        disabled={full}
        onPick={(game) => set([...value, game])}
        placeholder={t('module.addGame')}
        testId="module-add"
      />
      {full ? <Alert type="info" showIcon title={t('module.full', { n: MODULE_GAMES_MAX })} /> : null}
      <Typography.Text type="secondary" className="material-sub">
        {t('module.gameCount', { n: value.length })}
      </Typography.Text>
      {value.length === 0 ? (
        <Empty description={t('module.noGames')} />
      ) : (
        <SortableList
          items={value}
          idOf={(g) => g.id}
          labelOf={(g) => gameName(g, locale)}
          render={(g) => <GameLine game={g} providerName={providerName(g.providerCode)} />}
          onMove={(from, to) => {
            if (to < 0 || to >= value.length || from === to) return;
            set(arrayMove(value, from, to));
          }}
          onRemove={(g) => set(value.filter((x) => x.id !== g.id))}
          testId="module-games"
          testIdPrefix="module-game"
        />
      )}
    </div>
  );
}
