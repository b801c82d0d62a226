import { Alert, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../store.css';

/** The frame of every store page: title, introduction and, without the write code, the read-only notice. */
export function StorePage({
  testId,
  title,
  intro,
  canWrite,
  children,
  after,
}: {
  testId: string;
  title: string;
  intro: string;
  /** Undefined: the page has no write controls at all (points detail), so no notice either. */
  canWrite?: boolean;
  children: ReactNode;
  /** Outside the card: the page's drawers and dialogs. */
  after?: ReactNode;
}) {
  const { t } = useTranslation('store');
  return (
    <div className="page store-page" data-testid={testId}>
      <Card variant="borderless">
        <Typography.Title level={4} className="store-title">
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        {canWrite === false ? (
          <Alert type="info" showIcon title={t('readOnly')} className="store-readonly" data-testid="store-readonly" />
        ) : null}
        {children}
      </Card>
      {after}
    </div>
  );
}
