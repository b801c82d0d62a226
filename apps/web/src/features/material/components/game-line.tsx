import { Typography } from 'antd';
import type { Game } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { GameStatusCell } from './game-labels';
import { gameName } from './name-tabs';
import { Thumb } from '../../../components/thumb';

/**
 * A game in an ordered list: image, name in the user's language with provider and code, status.
 * On a phone the image is left out and the status goes under the name (material.css).
 */
export function GameLine({ game, providerName }: { game: Game; providerName?: string }) {
  const locale = useLocaleStore((s) => s.locale);
  return (
    <>
      <Thumb url={game.imageUrl} size={36} className="material-line__thumb" />
      <span className="material-name material-grow">
        <Typography.Text ellipsis data-testid={`game-line-name-${game.id}`}>
          {gameName(game, locale)}
        </Typography.Text>
        <Typography.Text type="secondary" className="material-sub" ellipsis>
          {providerName ?? game.providerCode} · {game.code}
        </Typography.Text>
      </span>
      <GameStatusCell game={game} />
    </>
  );
}
