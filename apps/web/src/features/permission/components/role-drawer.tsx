import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Space, Spin, Switch, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  DEFAULT_PAGE_SIZE,
  LOCALE_LABELS,
  LOCALES,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  localized,
  type Role,
} from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import { usePermissionStore } from '../../../stores/permission-store';
import { roleApi, roleKeys } from '../api/role-api';
import { newRoleValues, roleValuesOf, type RoleFormValues } from '../form-values';
import { useRoleSave } from '../hooks/use-role-save';
import { CodeTree } from './code-tree';
import { HoldersPanel } from './holders-panel';

/** What the drawer shows: a new role, or an existing one (its settings or its holders). */
export type RoleDrawerTarget = { mode: 'create' } | { mode: 'edit'; role: Role; tab?: 'settings' | 'holders' };

/**
 * Create or edit a role: per-locale name (zh_TW required) and description, and its codes from
 * the catalogue; an existing role also shows its holders. An edit sends the version it read;
 * when someone saved in between, the server's message is shown and the role is read again.
 */
export function RoleDrawer({
  target,
  canWrite,
  onClose,
  onSaved,
}: {
  target: RoleDrawerTarget | null;
  canWrite: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('permission');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const locale = useLocaleStore((s) => s.locale);
  const permCodes = usePermissionStore((s) => s.permCodes);
  const [form] = Form.useForm<RoleFormValues>();
  const [role, setRole] = useState<Role | null>(null);
  const [tab, setTab] = useState<'settings' | 'holders'>('settings');
  // The holders' first page, shared with the holders tab: its count follows assignments.
  const summary = useQuery({
    queryKey: roleKeys.detail(role?.id ?? 0, 1, DEFAULT_PAGE_SIZE),
    queryFn: ({ signal }) => roleApi.detail(role!.id, 1, DEFAULT_PAGE_SIZE, signal),
    enabled: target !== null && role !== null,
  });
  const holderCount = summary.data ? summary.data.holders.total + summary.data.holdersElsewhere : (role?.holderCount ?? 0);
  const catalogue = useQuery({
    queryKey: roleKeys.catalogue,
    queryFn: ({ signal }) => roleApi.catalogue(signal),
    enabled: target !== null,
  });

  const reread = useMutation({
    mutationFn: (id: number) => roleApi.detail(id, 1, DEFAULT_PAGE_SIZE),
    onSuccess: (fresh) => {
      setRole(fresh.role);
      form.setFieldsValue(roleValuesOf(fresh.role));
    },
    onError: () => {
      void message.warning(t('form.gone'));
      onClose();
    },
  });
  const { save, saving, stale, clearStale } = useRoleSave(
    () => onSaved(),
    () => role && reread.mutate(role.id),
  );

  // Each opening starts from the role as listed, or from an empty one; the last opening is kept
  // while the drawer closes, so its title does not change on the way out.
  const [opened, setOpened] = useState<RoleDrawerTarget | null>(null);
  if (target && target !== opened) {
    setOpened(target);
    setRole(target.mode === 'create' ? null : target.role);
    setTab(target.mode === 'edit' ? (target.tab ?? 'settings') : 'settings');
    clearStale();
  }
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(target.mode === 'create' ? newRoleValues() : roleValuesOf(target.role));
  }, [target, form]);

  // A role with a code the caller lacks is not its to change (the server says the same).
  const readOnly = !canWrite || (role !== null && !role.editable);
  const held = new Set(permCodes);
  const title = opened?.mode === 'create' ? t('drawer.create') : t('drawer.edit', { name: role ? localized(role.name, locale) : '' });

  const settings = (
    <>
      {stale ? (
        <Alert type="warning" showIcon className="perm-stale" title={stale} description={t('form.reloaded')} data-testid="role-stale" />
      ) : null}
      {role && !role.editable ? (
        <Alert type="info" showIcon className="perm-stale" title={t('form.notEditable')} data-testid="role-not-editable" />
      ) : null}
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        onFinish={(values) => void save(values, role)}
        data-testid="role-form"
      >
        <div className="perm-texts">
          {LOCALES.map((l) => {
            const required = l === DEFAULT_LOCALE;
            return (
              <div key={l} className="perm-texts__row" data-testid={`role-locale-${l}`}>
                <Form.Item
                  name={['name', l]}
                  label={t('form.name', { locale: LOCALE_LABELS[l] })}
                  required={required}
                  rules={[
                    ...(required ? [{ required: true, whitespace: true, message: t('form.nameRequired') }] : []),
                    { max: ROLE_NAME_MAX, message: t('form.tooLong', { n: ROLE_NAME_MAX }) },
                  ]}
                >
                  <Input maxLength={ROLE_NAME_MAX} data-testid={`role-name-${l}`} />
                </Form.Item>
                <Form.Item
                  name={['description', l]}
                  label={t('form.description', { locale: LOCALE_LABELS[l] })}
                  rules={[{ max: ROLE_DESCRIPTION_MAX, message: t('form.tooLong', { n: ROLE_DESCRIPTION_MAX }) }]}
                >
                  <Input maxLength={ROLE_DESCRIPTION_MAX} data-testid={`role-description-${l}`} />
                </Form.Item>
              </div>
            );
          })}
        </div>
        <Form.Item
          name="requireTwoFactor"
          label={t('form.requireTwoFactor')}
          valuePropName="checked"
          extra={t('form.requireTwoFactorHint')}
        >
          <Switch data-testid="role-require-two-factor" />
        </Form.Item>
        <Typography.Paragraph type="secondary" className="perm-hint">
          {t('form.codesHint')}
        </Typography.Paragraph>
        <Form.Item name="codes" label={t('form.codes')}>
          {catalogue.data ? <CodeTree catalogue={catalogue.data} held={held} readOnly={readOnly} /> : <Spin />}
        </Form.Item>
      </Form>
    </>
  );

  const footer =
    tab === 'settings' && !readOnly ? (
      <Space className="perm-drawer__footer">
        <Button onClick={onClose} data-testid="role-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button type="primary" loading={saving || reread.isPending} onClick={() => form.submit()} data-testid="role-save">
          {t('actions.save')}
        </Button>
      </Space>
    ) : null;

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 760}
      title={title}
      footer={footer}
      destroyOnHidden
      data-testid="role-drawer"
    >
      {role ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'settings' | 'holders')}
          items={[
            { key: 'settings', label: t('drawer.settings'), children: settings, forceRender: true },
            {
              key: 'holders',
              label: <span data-testid="role-tab-holders">{t('drawer.holders', { n: holderCount })}</span>,
              children: <HoldersPanel roleId={role.id} canWrite={canWrite && role.editable} />,
            },
          ]}
        />
      ) : (
        settings
      )}
    </Drawer>
  );
}
