import { Alert, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../material.css';

/** The frame of every material page: title, introduction and, without the write code, the read-only notice. */
export function MaterialPage({
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
  canWrite: boolean;
  children: ReactNode;
  /** Outside the card: the page's drawers and dialogs. */
  after?: ReactNode;
}) {
  const { t } = useTranslation('material');
  return (
    <div className="page material-page" data-testid={testId}>
      <Card variant="borderless">
        <Typography.Title level={4} className="material-title">
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        {canWrite ? null : (
          <Alert type="info" showIcon title={t('readOnly')} className="material-readonly" data-testid="material-readonly" />
        )}
        {children}
      </Card>
      {after}
    </div>
  );
}
