import { Alert, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list-page.css';

/**
 * The frame of a managed list's page (material, store): title, introduction and, for a reader
 * without the write code, the read-only notice (`<prefix>-readonly`).
 */
export function ListPage({
  testId,
  prefix,
  className,
  title,
  intro,
  canWrite,
  children,
  after,
}: {
  testId: string;
  /** Names the notice's test id. */
  prefix: string;
  /** The feature's class for its own rules. */
  className?: string;
  title: string;
  intro: string;
  /** Undefined: the page has no write controls at all, so no notice either. */
  canWrite?: boolean;
  children: ReactNode;
  /** Outside the card: the page's drawers and dialogs. */
  after?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={`page list-page ${className ?? ''}`} data-testid={testId}>
      <Card variant="borderless">
        <Typography.Title level={4} className="list-page__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        {canWrite === false ? (
          <Alert type="info" showIcon title={t('readOnly')} className="list-page__readonly" data-testid={`${prefix}-readonly`} />
        ) : null}
        {children}
      </Card>
      {after}
    </div>
  );
}
