import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { accountNoSchema, newPasswordSchema, nickNameSchema } from '@agent-bo/shared';
import { fetchFresh } from '../../../../lib/query-client';
import { zodRule } from '../../../../lib/zod-rule';
import { memberApi } from '../../api/member-api';
import type { WizardKind, WizardMode } from '../../rules';
import { availability, generatePassword, type WizardValues } from './types';

/** Step 1: the account number (create: suggested, checked while typing), nickname, password (create). */
export function AccountStep({ kind, mode, accountNo }: { kind: WizardKind; mode: WizardMode; accountNo?: string }) {
  const { t } = useTranslation('member');
  const form = Form.useFormInstance<WizardValues>();

  const accountRules: Rule[] = [
    zodRule(accountNoSchema, t, 'validation:accountNo.required'),
    {
      validator: async (_r, value: string) => {
        if (!value || !accountNoSchema.safeParse(value).success) return;
        const key = value.trim().toLowerCase();
        let available = availability.get(key);
        if (available === undefined) {
          try {
            available = (await memberApi.checkAccountNo(value.trim())).available;
          } catch {
            return; // the server checks again on create
          }
          availability.set(key, available);
        }
        if (!available) throw new Error(t('validation:accountNoTaken'));
      },
    },
  ];

  return (
    <>
      {mode === 'create' ? (
        <Form.Item
          name="accountNo"
          label={t('fields.accountNo')}
          rules={accountRules}
          validateDebounce={400}
          hasFeedback
          extra={t('wizard.accountNoHint')}
        >
          <Input
            maxLength={12}
            autoComplete="off"
            data-testid="wizard-accountNo"
            suffix={
              <Button
                type="text"
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t('wizard.suggestAgain')}
                title={t('wizard.suggestAgain')}
                onClick={() => {
                  void fetchFresh(['member', 'suggest-again', kind], () => memberApi.suggestAccountNo(kind)).then((s) => {
                    form.setFieldValue('accountNo', s.accountNo);
                    void form.validateFields(['accountNo']).catch(() => undefined);
                  });
                }}
              />
            }
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('fields.accountNo')}>
          <Typography.Text strong>{accountNo}</Typography.Text>
        </Form.Item>
      )}
      <Form.Item name="nickName" label={t('fields.nickName')} rules={[zodRule(nickNameSchema, t, 'validation:nickName.required')]}>
        <Input maxLength={32} data-testid="wizard-nickName" />
      </Form.Item>
      {mode === 'create' ? (
        <Form.Item label={t('fields.password')} extra={t('wizard.passwordHint')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle rules={[zodRule(newPasswordSchema, t, 'validation:password.required')]}>
              {/* Named here: the label above belongs to the item around the field and its button. */}
              <Input.Password autoComplete="new-password" aria-label={t('fields.password')} data-testid="wizard-password" />
            </Form.Item>
            <Button
              onClick={() => {
                form.setFieldValue('password', generatePassword());
                void form.validateFields(['password']).catch(() => undefined);
              }}
              data-testid="wizard-generate"
            >
              {t('wizard.generate')}
            </Button>
          </Space.Compact>
        </Form.Item>
      ) : null}
    </>
  );
}
