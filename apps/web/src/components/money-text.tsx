import { Typography } from 'antd';
import type { CSSProperties } from 'react';
import { formatMoney } from '../lib/money';

/**
 * How an amount is coloured:
 * - `plain`: not at all (a stake, a balance);
 * - `result`: a result, green above zero and red below (`data-sign` win/loss: the members' win/loss);
 * - `movement`: a credit or debit, the same colours with a plus sign on a credit
 *   (`data-sign` credit/debit: the cash log);
 * - `debt`: red below zero only (a balance that went negative).
 * Zero is never coloured.
 */
export type MoneyTone = 'plain' | 'result' | 'movement' | 'debt';

const SIGN_WORDS: Partial<Record<MoneyTone, readonly [positive: string, negative: string]>> = {
  result: ['win', 'loss'],
  movement: ['credit', 'debit'],
};

const ZERO = /^-?0+(\.0+)?$/;

/** Extra attributes a screen puts on its amounts for its tests and styles (`data-col`, `data-testid`). */
type DataAttributes = { [key: `data-${string}`]: string | undefined };

/**
 * A decimal money string for reading: grouped, two decimals, never through a float (lib/money),
 * coloured by `tone`. Every screen's amounts are this one piece; `className` carries the
 * screen's own style (tabular digits, no wrapping).
 */
export function MoneyText({
  value,
  tone = 'plain',
  strong,
  className,
  style,
  ...data
}: {
  value: string;
  tone?: MoneyTone;
  strong?: boolean;
  className?: string;
  style?: CSSProperties;
} & DataAttributes) {
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const zero = ZERO.test(trimmed);
  const text = formatMoney(trimmed);
  const words = SIGN_WORDS[tone];
  const coloured = !zero && (words !== undefined || (tone === 'debt' && negative));
  if (!coloured && !strong) {
    return (
      <span className={className} style={style} {...data}>
        {text}
      </span>
    );
  }
  return (
    <Typography.Text
      type={coloured ? (negative ? 'danger' : words ? 'success' : undefined) : undefined}
      strong={strong}
      className={className}
      style={style}
      data-sign={coloured && words ? words[negative ? 1 : 0] : undefined}
      {...data}
    >
      {tone === 'movement' && !negative && !zero ? `+${text}` : text}
    </Typography.Text>
  );
}
