import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountNoSchema, newPasswordSchema, type PermissionCode, nickNameSchema } from '@agent-bo/shared';
import { zodRule } from '../../../../lib/zod-rule';
import { memberApi, memberKeys } from '../../api/member-api';
import { usePermissionLabel } from '../../../../hooks/use-permission-label';
import { CopyInfoView } from '../copy-info';
import { generatePassword } from '../account-wizard';

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
