import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { restrictionTags, type RestrictionTag } from '../rules';

const COLORS: Record<RestrictionTag, string> = {
  disabled: 'error',
  fullDisabled: 'error',
  fullReadonly: 'warning',
  inheritedFullDisabled: 'error',
  inheritedFullReadonly: 'warning',
};

/** "Active", or "Disabled" plus which restrictions hold (own or inherited from an upper agent). */
export function StatusTags({
  row,
  accountNo,
}: {
  row: {
    isDisabled: boolean;
    isFullDisabled: boolean;
    isFullReadonly: boolean;
    inheritedFullDisabled: boolean;
    inheritedFullReadonly: boolean;
  };
  accountNo: string;
}) {
  const { t } = useTranslation('member');
  const tags = restrictionTags(row);
  if (tags.length === 0) {
    return (
      <Tag color="success" data-testid={`status-${accountNo}`} data-status="active">
        {t('status.active')}
      </Tag>
    );
  }
  return (
    <Space size={[0, 4]} wrap data-testid={`status-${accountNo}`} data-status="disabled">
      <Tag color="error">{t('status.disabled')}</Tag>
      {tags.map((tag) => (
        <Tooltip key={tag} title={t(`status.why.${tag}`)}>
          <Tag color={COLORS[tag]} variant="outlined">
            {t(`status.tags.${tag}`)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}
