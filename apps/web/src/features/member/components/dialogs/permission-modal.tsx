import type { ButtonProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Empty, Modal, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, type PermissionCode } from '@agent-bo/shared';
import { useLocaleStore } from '../../../../stores/locale-store';
import { memberApi, memberKeys } from '../../api/member-api';
import { usePermissionLabel } from '../../../../hooks/use-permission-label';
import type { Target } from './target';

/**
 * The permissions of an agent or shadow: its roles and the codes it holds in effect (read from
 * the server: roles ∪ own grant, within the upper agent's codes), and its own grant, which is
 * edited here. Only codes the caller holds can be offered.
 */
export function PermissionModal({
  target,
  kind,
  current,
  held,
  onClose,
}: {
  target: Target | null;
  kind: 'agent' | 'shadow';
  current: readonly string[];
  held: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  const locale = useLocaleStore((s) => s.locale);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[] | null>(null);
  const value = selected ?? current.filter((c) => held.includes(c));
  const info = useQuery({
    queryKey: memberKeys.account(target?.id ?? 0),
    queryFn: ({ signal }) => memberApi.accountInfo(target!.id, signal),
    enabled: target !== null,
    staleTime: 0,
  });
  const roles = info.data?.assignedRoles ?? [];
  const effective = info.data?.permission.permissions.map((p) => p.code) ?? [];
  const save = useMutation({
    mutationFn: () => memberApi.changePermissions(kind, { id: target!.id, permissions: value as PermissionCode[] }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      close();
    },
  });
  function close() {
    setSelected(null);
    save.reset();
    onClose();
  }
  const codeLabel = usePermissionLabel();
  return (
    <Modal
      open={target !== null}
      title={t('permissions.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      onOk={() => save.mutate()}
      okText={t('permissions.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'permissions-save' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="permissions-form">
        <Typography.Title level={5}>{t('permissions.roles')}</Typography.Title>
        {info.isError ? (
          <Alert type="warning" showIcon title={t('permissions.infoFailed')} data-testid="permissions-info-failed" />
        ) : info.isPending ? (
          <Spin size="small" />
        ) : (
          <div data-testid="permissions-roles">
            {roles.length === 0 ? (
              <Typography.Text type="secondary">{t('permissions.noRoles')}</Typography.Text>
            ) : (
              roles.map((role) => (
                <Tag key={role.id} color="blue" data-testid={`permissions-role-${role.id}`}>
                  {localized(role.name, locale)}
                </Tag>
              ))
            )}
          </div>
        )}
        <Typography.Title level={5}>{t('permissions.grant')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('permissions.hint')}</Typography.Paragraph>
        {held.length === 0 ? (
          <Empty description={t('permissions.noneHeld')} />
        ) : (
          <Checkbox.Group value={value} onChange={(v) => setSelected(v as string[])} className="wizard-checks">
            {held.map((code) => (
              <Checkbox key={code} value={code} data-testid={`permission-${code}`}>
                {codeLabel(code)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
        {info.isSuccess ? (
          <>
            <Typography.Title level={5}>{t('permissions.effective')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('permissions.effectiveHint')}</Typography.Paragraph>
            <div data-testid="permissions-effective">
              {effective.length === 0 ? (
                <Typography.Text type="secondary">{t('permissions.noEffective')}</Typography.Text>
              ) : (
                effective.map((code) => (
                  <Tag key={code} data-testid={`permissions-effective-${code}`}>
                    {codeLabel(code)}
                  </Tag>
                ))
              )}
            </div>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
