import { useTranslation } from 'react-i18next';
import { playerTermsKey } from '../lib/player-terms';

/**
 * What a player is called on this site: cabinet sites say "cabinet" (spec §1). Pass the result
 * as interpolation values to any text that names a player: {{player}}, {{Player}}, {{players}},
 * {{Players}}.
 */
export function usePlayerTerms(): { player: string; Player: string; players: string; Players: string } {
  const { t } = useTranslation('member');
  const base = playerTermsKey();
  return {
    player: t(`${base}.one`),
    Player: t(`${base}.title`),
    players: t(`${base}.many`),
    Players: t(`${base}.manyTitle`),
  };
}
