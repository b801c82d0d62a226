import { confirmRules, zodRule } from '../../../lib/zod-rule';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema, nickNameSchema } from '@agent-bo/shared';
import { useUserStore } from '../../../stores/user-store';
import { memberApi } from '../api/member-api';

interface Values {
  nickName: string;
  oldPassword?: string;
  newPassword?: string;
  confirm?: string;
}

/** The caller's own nickname and password (`change_account_info`); a new password needs the current one. */
export function OwnAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('member');
  const user = useUserStore((s) => s.userInfo);
  const setUserInfo = useUserStore((s) => s.setUserInfo);
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      memberApi.changeOwnInfo({
        nickName: v.nickName !== user?.nickName ? v.nickName : undefined,
        oldPassword: v.newPassword ? v.oldPassword : undefined,
        newPassword: v.newPassword || undefined,
      }),
    onSuccess: (_d, v) => {
      if (user && v.nickName !== user.nickName) setUserInfo({ ...user, nickName: v.nickName });
      close();
    },
  });
  function close() {
    form.resetFields();
    save.reset();
    onClose();
  }
  return (
    <Modal
      open={open}
      title={t('own.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('wizard.confirmSave')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'own-save' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('own.hint', { accountNo: user?.accountNo ?? '' })}</Typography.Paragraph>
      {save.isError ? <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 12 }} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ nickName: user?.nickName }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="nickName" label={t('fields.nickName')} rules={[zodRule(nickNameSchema, t, 'validation:nickName.required')]}>
          <Input maxLength={32} data-testid="own-nickName" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('own.newPassword')}
          extra={t('own.newPasswordHint')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (!v) return;
                const parsed = newPasswordSchema.safeParse(v);
                if (!parsed.success) throw new Error(t(`validation:${parsed.error.issues[0]?.message ?? 'invalid'}`));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="own-newPassword" />
        </Form.Item>
        <Form.Item noStyle dependencies={['newPassword']}>
          {({ getFieldValue }) =>
            getFieldValue('newPassword') ? (
              <>
                <Form.Item
                  name="confirm"
                  label={t('own.confirm')}
                  dependencies={['newPassword']}
                  rules={confirmRules('newPassword', { required: t('register:confirmRequired'), mismatch: t('register:confirmMismatch') })}
                >
                  <Input.Password autoComplete="new-password" data-testid="own-confirm" />
                </Form.Item>
                <Form.Item
                  name="oldPassword"
                  label={t('own.oldPassword')}
                  rules={[{ required: true, message: t('validation:password.oldRequired') }]}
                >
                  <Input.Password autoComplete="current-password" data-testid="own-oldPassword" />
                </Form.Item>
              </>
            ) : null
          }
        </Form.Item>
      </Form>
    </Modal>
  );
}
