import { Tag } from 'antd';
import type { ClientErrorType } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<ClientErrorType, string> = { react: 'magenta', script: 'red', promise: 'orange', resource: 'blue' };

export function ErrorTypeTag({ type }: { type: ClientErrorType }) {
  const { t } = useTranslation('errorLog');
  return (
    <Tag color={COLOURS[type]} data-testid={`error-type-${type}`}>
      {t(`types.${type}`)}
    </Tag>
  );
}
