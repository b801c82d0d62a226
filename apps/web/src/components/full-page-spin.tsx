import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div className="full-page-spin" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="full-page-spin__text">{t('loading')}</span>
    </div>
  );
}
