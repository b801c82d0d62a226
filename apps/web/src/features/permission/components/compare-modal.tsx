import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, PERMISSION_CODES, PERMISSION_LABELS, type Role } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import { roleApi, roleKeys } from '../api/role-api';

/** The codes only in `a`, only in `b` and in both, in catalogue order. */
export function compareCodes(a: readonly string[], b: readonly string[]) {
  const inA = new Set(a);
  const inB = new Set(b);
  return {
    onlyA: PERMISSION_CODES.filter((c) => inA.has(c) && !inB.has(c)),
    onlyB: PERMISSION_CODES.filter((c) => inB.has(c) && !inA.has(c)),
    both: PERMISSION_CODES.filter((c) => inA.has(c) && inB.has(c)),
  };
}

/** The first 100 roles (the list's largest page) to choose from. */
const CHOICES = { page: 1, pageSize: 100 } as const;

/** Two roles side by side: which codes only one of them has, and which both have. */
export function CompareModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('permission');
  const locale = useLocaleStore((s) => s.locale);
  const isMobile = useIsMobile();
  const [a, setA] = useState<number | null>(null);
  const [b, setB] = useState<number | null>(null);
  const roles = useQuery({ queryKey: roleKeys.list(CHOICES), queryFn: ({ signal }) => roleApi.list(CHOICES, signal), enabled: open });
  const list = roles.data?.list ?? [];
  const byId = (id: number | null): Role | undefined => list.find((r) => r.id === id);
  const roleA = byId(a);
  const roleB = byId(b);
  const options = list.map((r) => ({ value: r.id, label: localized(r.name, locale) }));
  const diff = roleA && roleB ? compareCodes(roleA.codes, roleB.codes) : null;

  const column = (key: 'onlyA' | 'onlyB' | 'both', title: string) => (
    <Card size="small" title={title} className="perm-compare__col" data-testid={`role-compare-${key}`}>
      {diff && diff[key].length > 0 ? (
        <Space size={[4, 6]} wrap>
          {diff[key].map((code) => (
            <Tag key={code} color={key === 'both' ? 'blue' : key === 'onlyA' ? 'gold' : 'purple'} data-code={code}>
              {localized(PERMISSION_LABELS[code], locale)}
            </Tag>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('compare.none')}</Typography.Text>
      )}
    </Card>
  );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={isMobile ? '100%' : 900}
      title={t('compare.title')}
      destroyOnHidden
      data-testid="role-compare"
    >
      <div className="perm-compare__pick">
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('compare.pickA')}
          value={a ?? undefined}
          onChange={setA}
          options={options}
          loading={roles.isFetching}
          data-testid="role-compare-a"
        />
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('compare.pickB')}
          value={b ?? undefined}
          onChange={setB}
          options={options}
          loading={roles.isFetching}
          data-testid="role-compare-b"
        />
      </div>
      {diff && roleA && roleB ? (
        <div className="perm-compare__cols">
          {column('onlyA', t('compare.onlyIn', { name: localized(roleA.name, locale) }))}
          {column('both', t('compare.both'))}
          {column('onlyB', t('compare.onlyIn', { name: localized(roleB.name, locale) }))}
        </div>
      ) : (
        <Empty description={t('compare.pickBoth')} />
      )}
    </Modal>
  );
}
