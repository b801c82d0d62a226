import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RestrictionSetter } from '@agent-bo/shared';
import { restrictionSetters, restrictionTags, type RestrictionTag } from '../rules';

const COLORS: Record<RestrictionTag, string> = {
  disabled: 'error',
  fullDisabled: 'error',
  fullReadonly: 'warning',
  inheritedFullDisabled: 'error',
  inheritedFullReadonly: 'warning',
};

/**
 * "Active", or "Disabled" plus which restrictions hold (own or inherited from an upper agent); an
 * own restriction says who set it (only that account or one above it may lift it).
 */
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
    disabledBy?: RestrictionSetter | null;
    fullDisabledBy?: RestrictionSetter | null;
    fullReadonlyBy?: RestrictionSetter | null;
  };
  accountNo: string;
}) {
  const { t } = useTranslation('member');
  const tags = restrictionTags(row);
  const setBy = new Map<RestrictionTag, RestrictionSetter>(restrictionSetters(row).map((s) => [s.tag, s.setter]));
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
      {tags.map((tag) => {
        const setter = setBy.get(tag);
        return (
          <Tooltip
            key={tag}
            title={
              setter
                ? `${t(`status.why.${tag}`)}. ${t(setter.liftable ? 'status.setByLiftable' : 'status.setByAbove', { accountNo: setter.accountNo })}`
                : t(`status.why.${tag}`)
            }
          >
            <Tag color={COLORS[tag]} variant="outlined">
              {t(`status.tags.${tag}`)}
              {setter ? (
                <span className="member-setby" data-testid={`setby-${accountNo}-${tag}`}>
                  {' · '}
                  {t('status.setBy', { accountNo: setter.accountNo })}
                </span>
              ) : null}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}
