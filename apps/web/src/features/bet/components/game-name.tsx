import { Typography } from 'antd';
import { localized, type BetRow } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';

/**
 * A bet's game: its name from the site's catalogue in the user's language, with the code beside
 * it (the code alone when the catalogue never had it). Games the provider stopped listing keep
 * their names.
 */
export function GameName({ bet }: { bet: Pick<BetRow, 'gameCode' | 'gameNames'> }) {
  const locale = useLocaleStore((s) => s.locale);
  const name = bet.gameNames ? localized(bet.gameNames, locale) : '';
  if (!name) return <>{bet.gameCode}</>;
  return (
    <>
      {name}{' '}
      <Typography.Text type="secondary" className="bet-game-code">
        {bet.gameCode}
      </Typography.Text>
    </>
  );
}
