import type { ButtonProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Empty, Form, Input, Modal, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNoSchema, localized, newPasswordSchema, type CopyInfo, type PermissionCode, nickNameSchema } from '@agent-bo/shared';
import { zodRule } from '../../../lib/zod-rule';
import { useLocaleStore } from '../../../stores/locale-store';
import { memberApi, memberKeys, type AccountKind } from '../api/member-api';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { usePermissionLabel } from '../../../hooks/use-permission-label';
import { CopyInfoView } from './copy-info';
import { generatePassword } from './account-wizard';

export interface Target {
  id: number;
  accountNo: string;
}

/** Copy info of an existing account; when the one-time password is gone, offers a reset (writers only). */
export function CopyInfoModal({
  target,
  kind,
  canReset,
  onClose,
}: {
  target: Target | null;
  kind: AccountKind;
  canReset: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  const [fresh, setFresh] = useState<CopyInfo | null>(null);
  const info = useQuery({
    queryKey: ['member', 'copyInfo', kind, target?.id],
    queryFn: () => memberApi.copyInfo(kind, target!.id),
    enabled: target !== null,
    gcTime: 0,
    staleTime: 0,
  });
  const reset = useMutation({ mutationFn: () => memberApi.resetPassword(kind, target!.id), onSuccess: setFresh });
  const shown = fresh ?? info.data;
  return (
    <Modal
      open={target !== null}
      title={t('copy.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={() => {
        setFresh(null);
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      <Spin spinning={info.isFetching || reset.isPending}>
        {shown ? (
          <CopyInfoView info={shown} onResetPassword={canReset ? () => reset.mutate() : undefined} resetting={reset.isPending} />
        ) : info.isError ? (
          <Alert type="error" showIcon title={info.error.message} />
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
}

/** Password reset: confirmation, then the new copy info (the one-time hand-off). */
export function ResetPasswordModal({ target, kind, onClose }: { target: Target | null; kind: AccountKind; onClose: () => void }) {
  const { t } = useTranslation('member');
  const reset = useMutation({ mutationFn: () => memberApi.resetPassword(kind, target!.id) });
  const close = () => {
    reset.reset();
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      title={t('reset.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      destroyOnHidden
      footer={
        reset.data ? (
          <Button type="primary" onClick={close}>
            {t('wizard.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button type="primary" danger loading={reset.isPending} onClick={() => reset.mutate()} data-testid="reset-confirm">
              {t('actions.resetPassword')}
            </Button>
          </Space>
        )
      }
    >
      {reset.data ? <CopyInfoView info={reset.data} /> : <Typography.Paragraph>{t('reset.confirm')}</Typography.Paragraph>}
    </Modal>
  );
}

/** Verification of a registered player: what it submitted, then approve or reject. */
export function VerifyModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const queryClient = useQueryClient();
  const [memo, setMemo] = useState('');
  const verification = useQuery({
    queryKey: memberKeys.verification(target?.id ?? 0),
    queryFn: ({ signal }) => memberApi.verification(target!.id, signal),
    enabled: target !== null,
    gcTime: 0,
  });
  const verify = useMutation({
    mutationFn: (approve: boolean) => memberApi.verify({ id: target!.id, approve, memo: memo.trim() || undefined }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      close();
    },
  });
  function close() {
    setMemo('');
    verify.reset();
    onClose();
  }
  const v = verification.data;
  const pending = v?.status === 'PENDING';
  return (
    <Modal
      open={target !== null}
      title={t('verify.title', { ...terms, accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button
            danger
            disabled={!pending}
            loading={verify.isPending && verify.variables === false}
            onClick={() => verify.mutate(false)}
            data-testid="verify-reject"
          >
            {t('verify.reject')}
          </Button>
          <Button
            type="primary"
            disabled={!pending}
            loading={verify.isPending && verify.variables === true}
            onClick={() => verify.mutate(true)}
            data-testid="verify-approve"
          >
            {t('verify.approve')}
          </Button>
        </Space>
      }
    >
      <div data-testid="verify-dialog">
        <Spin spinning={verification.isFetching}>
          {v ? (
            <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }}>
              <Descriptions.Item label={t('verify.status')}>
                <Tag color={pending ? 'processing' : v.status === 'VERIFIED' ? 'success' : 'default'}>{t(`verifyStatus.${v.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.realName')}>
                <span data-testid="verify-realname">{v.realName ?? '—'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.phone')}>{v.phone ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('verify.submittedAt')}>{v.submittedAt ?? '—'}</Descriptions.Item>
            </Descriptions>
          ) : verification.isError ? (
            <Alert type="error" showIcon title={verification.error.message} />
          ) : (
            <div style={{ minHeight: 120 }} />
          )}
        </Spin>
        {v && !pending ? <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('verify.notPending')} /> : null}
        {pending ? (
          <Input.TextArea
            style={{ marginTop: 12 }}
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
            maxLength={200}
            placeholder={t('verify.memo')}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="verify-memo"
          />
        ) : null}
      </div>
    </Modal>
  );
}

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

/** Move an account under another agent of its allowed upper chain (MOVE_USER). */
export function MoveModal({ target, currentParentId, onClose }: { target: Target | null; currentParentId: number; onClose: () => void }) {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const [parentId, setParentId] = useState<number | null>(null);
  const upper = useQuery({
    queryKey: ['member', 'moveTargets', target?.id],
    queryFn: ({ signal }) => memberApi.upperAgents(target!.id, signal),
    enabled: target !== null,
    gcTime: 0,
  });
  const move = useMutation({
    mutationFn: () => memberApi.move({ id: target!.id, newParentId: parentId! }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      close();
    },
  });
  function close() {
    setParentId(null);
    move.reset();
    onClose();
  }
  const options = (upper.data ?? []).filter((a) => a.id !== currentParentId);
  return (
    <Modal
      open={target !== null}
      title={t('move.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      onOk={() => move.mutate()}
      okText={t('move.confirm')}
      okButtonProps={{ disabled: parentId === null, loading: move.isPending, 'data-testid': 'move-confirm' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="move-dialog">
        <Typography.Paragraph type="secondary">{t('move.hint')}</Typography.Paragraph>
        <Select<number>
          style={{ width: '100%' }}
          loading={upper.isFetching}
          value={parentId ?? undefined}
          onChange={setParentId}
          placeholder={t('move.placeholder')}
          notFoundContent={upper.isFetching ? <Spin size="small" /> : t('move.noTargets')}
          options={options.map((a) => ({ value: a.id, label: `${a.accountNo} · ${a.nickName}` }))}
          data-testid="move-select"
        />
      </div>
    </Modal>
  );
}

interface ShadowValues {
  accountNo: string;
  nickName: string;
  password: string;
  permissions: string[];
}

/**
 * A new shadow (child) account of the caller, with the codes it may use. `held` is empty for a
 * caller without ROLE_PERMISSION_WRITE: it creates shadows without codes, so the field is absent.
 */
export function ShadowCreateModal({ open, held, onClose }: { open: boolean; held: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('member');
  const codeLabel = usePermissionLabel();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShadowValues>();
  const create = useMutation({
    mutationFn: (v: ShadowValues) => memberApi.createShadow({ ...v, permissions: (v.permissions ?? []) as PermissionCode[] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
  function close() {
    form.resetFields();
    create.reset();
    onClose();
  }
  return (
    <Modal
      open={open}
      title={t('shadow.create')}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        create.data ? (
          <Button type="primary" onClick={close} data-testid="shadow-done">
            {t('wizard.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="shadow-submit">
              {t('wizard.confirmCreate')}
            </Button>
          </Space>
        )
      }
    >
      {create.data ? (
        <Result status="success" title={t('shadow.created')} className="member-result" extra={<CopyInfoView info={create.data} />} />
      ) : (
        <Form<ShadowValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => create.mutate(v)} data-testid="shadow-form">
          <Form.Item name="accountNo" label={t('fields.accountNo')} rules={[zodRule(accountNoSchema, t, 'validation:accountNo.required')]}>
            <Input maxLength={12} autoComplete="off" data-testid="shadow-accountNo" />
          </Form.Item>
          <Form.Item name="nickName" label={t('fields.nickName')} rules={[zodRule(nickNameSchema, t, 'validation:nickName.required')]}>
            <Input maxLength={32} data-testid="shadow-nickName" />
          </Form.Item>
          <Form.Item label={t('fields.password')} required extra={t('wizard.passwordHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="password" noStyle rules={[zodRule(newPasswordSchema, t, 'validation:password.required')]}>
                <Input.Password autoComplete="new-password" aria-label={t('fields.password')} data-testid="shadow-password" />
              </Form.Item>
              <Button onClick={() => form.setFieldValue('password', generatePassword())}>{t('wizard.generate')}</Button>
            </Space.Compact>
          </Form.Item>
          {held.length > 0 ? (
            <Form.Item name="permissions" label={t('fields.permissions')} extra={t('permissions.hint')}>
              <Checkbox.Group className="wizard-checks">
                {held.map((code) => (
                  <Checkbox key={code} value={code}>
                    {codeLabel(code)}
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </Form.Item>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
