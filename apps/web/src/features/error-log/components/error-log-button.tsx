import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { ERROR_LOG_LIST_PATH } from '../../../config/routes';
import { useErrorLogStore } from '../error-log-store';

/** Header button with the count of errors caught in this browser; opens the error log list. */
export function ErrorLogButton() {
  const { t } = useTranslation('errorLog');
  const navigate = useNavigate();
  const count = useErrorLogStore((s) => s.entries.length);
  const isMobile = useIsMobile();
  const label = t('button', { count });
  const button = (
    <Badge count={count} size="small" overflowCount={99} offset={[-4, 4]} data-testid="error-log-count">
      <Button
        type="text"
        icon={<BugOutlined />}
        aria-label={label}
        data-testid="error-log-button"
        onClick={() => void navigate(ERROR_LOG_LIST_PATH)}
      />
    </Badge>
  );
  // A tap would leave a hover tooltip standing on a touch screen.
  return isMobile ? button : <Tooltip title={label}>{button}</Tooltip>;
}
