import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** A dashboard figure card: an icon, a title and one value (the overview's and the KPIs'). */
export function Figure({
  testId,
  title,
  icon,
  value,
  extra,
}: {
  testId: string;
  title: string;
  icon: ReactNode;
  value: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Card className="dash-card" variant="borderless">
      <Statistic
        title={
          <span className="dash-card__title">
            <span className="dash-card__icon">{icon}</span>
            {title}
          </span>
        }
        value={0}
        formatter={() => <span data-testid={testId}>{value}</span>}
      />
      {extra ? <div className="dash-card__extra">{extra}</div> : null}
    </Card>
  );
}
