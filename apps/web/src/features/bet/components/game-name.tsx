import { Tooltip, Typography } from 'antd';
import { localized, type BetRow } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';

/**
 * A bet's game: its name from the site's catalogue in the user's language, the provider's code
 * on hover (the code alone when the catalogue never had the game). Games the provider stopped
 * listing keep their names. In the list the code stays out of the line, which keeps its width for
 * the money columns; the detail drawer shows it beside the name (`withCode`).
 */
export function GameName({ bet, withCode = false }: { bet: Pick<BetRow, 'gameCode' | 'gameNames'>; withCode?: boolean }) {
  const locale = useLocaleStore((s) => s.locale);
  const name = bet.gameNames ? localized(bet.gameNames, locale) : '';
  if (!name) return <>{bet.gameCode}</>;
  if (withCode)
    return (
      <>
        {name}{' '}
        <Typography.Text type="secondary" className="bet-game-code">
          {bet.gameCode}
        </Typography.Text>
      </>
    );
  return (
    <Tooltip title={bet.gameCode}>
      <span className="bet-game-name" data-code={bet.gameCode}>
        {name}
      </span>
    </Tooltip>
  );
}
