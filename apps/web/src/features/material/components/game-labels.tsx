import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Game, GameLobbyState, GameStatus, GameTag } from '@agent-bo/shared';

const STATUS_COLORS: Record<GameStatus, string> = { ACTIVE: 'green', MAINTAIN: 'orange', DISABLE: 'default' };
const LOBBY_COLORS: Record<GameLobbyState, string> = { ACTIVE: 'green', MAINTAIN: 'orange', DISABLE: 'red', UNAVAILABLE: 'magenta' };
const TAG_COLORS: Record<GameTag, string> = { 0: 'default', 1: 'volcano', 2: 'blue', 3: 'gold' };

/** The operator's status, and beside it what the lobby makes of the game when that differs. */
export function GameStatusCell({ game }: { game: Game }) {
  const { t } = useTranslation('material');
  const differs = game.lobbyState !== game.status;
  return (
    <span className="material-status" data-testid={`game-status-${game.id}`}>
      <Tag color={STATUS_COLORS[game.status]}>{t(`status.${game.status}`)}</Tag>
      {differs ? (
        <Tooltip title={t(`lobbyHint.${game.lobbyState}`)}>
          <Tag color={LOBBY_COLORS[game.lobbyState]} data-testid={`game-lobby-${game.id}`}>
            {t('game.lobby', { state: t(`lobby.${game.lobbyState}`) })}
          </Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

export function GameTagLabel({ tag }: { tag: GameTag }) {
  const { t } = useTranslation('material');
  return tag === 0 ? <span className="material-muted">{t('tag.0')}</span> : <Tag color={TAG_COLORS[tag]}>{t(`tag.${tag}`)}</Tag>;
}
