import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, newPasswordSchema } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { confirmRules, zodRule } from '../../../lib/zod-rule';
import { passwordChangeApi } from '../api/password-change-api';

interface Values {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}

/**
 * The new password, twice, and the password the session signed in with: not asked when the sign-in
 * just typed it (`typedPassword`), asked when the app no longer has it (a reload, a phone code
 * sign-in) or when the server found the one held wrong.
 */
export function ChangePasswordForm({
  accountNo,
  typedPassword,
  onChanged,
}: {
  accountNo: string;
  typedPassword: string | undefined;
  onChanged: () => Promise<void> | void;
}) {
  const { t } = useTranslation('passwordChange');
  const [form] = Form.useForm<Values>();
  const [known, setKnown] = useState(typedPassword);
  const save = useMutation({
    mutationFn: (v: Values) => passwordChangeApi.change(known ?? v.oldPassword ?? '', v.newPassword),
    onSuccess: () => onChanged(),
    onError: (error) => {
      // The held password is wrong after all: ask for it.
      if (isApiError(error) && error.code === ERRORS.WRONG_PASSWORD.code) setKnown(undefined);
    },
  });
  const failure = save.isError && !(isApiError(save.error) && save.error.kind === 'cancelled') ? save.error.message : null;

  return (
    <>
      {failure ? (
        <Alert type="error" showIcon title={<span data-testid="change-password-error">{failure}</span>} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values> form={form} layout="vertical" requiredMark={false} size="large" onFinish={(v) => save.mutate(v)}>
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={accountNo} readOnly hidden />
        {known === undefined ? (
          <Form.Item name="oldPassword" label={t('oldPassword')} rules={[{ required: true, message: t('oldRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="change-password-old" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="newPassword"
          label={t('newPassword')}
          extra={t('newPasswordHint')}
          dependencies={['oldPassword']}
          rules={[
            zodRule(newPasswordSchema, t, 'validation:password.required'),
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                // The server refuses keeping a handed-out password; say so before asking it.
                if (v && v === (known ?? getFieldValue('oldPassword'))) throw new Error(t('sameAsOld'));
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirm')}
          dependencies={['newPassword']}
          rules={confirmRules('newPassword', { required: t('confirmRequired'), mismatch: t('confirmMismatch') })}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="change-password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={save.isPending} data-testid="change-password-submit">
          {t('submit')}
        </Button>
      </Form>
    </>
  );
}
