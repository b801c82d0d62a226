import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Empty, Form, Input, Modal, Result, Space, Spin, Statistic, Steps, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNoSchema, newPasswordSchema, type AgentRow, type CopyInfo, type PlayerRow } from '@agent-bo/shared';
import { useIsMobile } from '../../../app/layouts/use-is-mobile';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { zodRule } from '../../auth/zod-rule';
import { memberApi, memberKeys } from '../api/member-api';
import { ratioError, stepFields, WIZARD_STEPS, type WizardKind, type WizardMode } from '../rules';
import { usePlayerTerms } from '../use-player-terms';
import { CopyInfoView } from './copy-info';

/** The level under which accounts are created: its ratio and bet limits bound the new account's. */
export interface ParentContext {
  id: number;
  accountNo: string;
  /** Null when not known to the screen (the server checks it anyway). */
  ratio: string | null;
  betLimits: string[] | null;
  /** Whether `betLimits` is the parent's real set (null with `limitsKnown` means: every preset). */
  limitsKnown: boolean;
  isSelf: boolean;
}

interface Values {
  accountNo: string;
  nickName: string;
  password: string;
  ratio: string;
  providers: string[];
  betLimits: string[];
}

/** A random password that meets the shared rule (letters and digits, 10 characters). */
export function generatePassword(random: (n: number) => number = (n) => crypto.getRandomValues(new Uint32Array(1))[0]! % n): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[random(letters.length)]!, digits[random(digits.length)]!];
  while (chars.length < 10) chars.push(all[random(all.length)]!);
  return chars.join('');
}

const availability = new Map<string, boolean>();

/**
 * The 5-step wizard for agents and players (PRODUCT.md §3): account, share ratio (agents) or
 * wallet (players), providers, bet limits, review. In edit mode the same steps change the
 * nickname, ratio, providers and bet limits of `row`.
 */
export function AccountWizard({
  kind,
  mode,
  parent,
  row,
  open,
  onClose,
}: {
  kind: WizardKind;
  mode: WizardMode;
  parent: ParentContext;
  row?: AgentRow | PlayerRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<CopyInfo | null>(null);

  const providers = useQuery({
    queryKey: memberKeys.providers(parent.id),
    queryFn: ({ signal }) => memberApi.providers(parent.id, signal),
    enabled: open,
  });
  const betLimits = useQuery({ queryKey: memberKeys.betLimits, queryFn: ({ signal }) => memberApi.betLimits(signal), enabled: open });
  const suggestion = useQuery({
    queryKey: ['member', 'suggest', kind, open],
    queryFn: () => memberApi.suggestAccountNo(kind),
    enabled: open && mode === 'create',
    staleTime: 0,
    gcTime: 0,
  });

  const providerOptions = useMemo(() => (providers.data ?? []).filter((p) => p.enabled), [providers.data]);
  const limitOptions = useMemo(
    () => (betLimits.data ?? []).filter((b) => parent.betLimits === null || parent.betLimits.includes(b.code)),
    [betLimits.data, parent.betLimits],
  );

  // Initial values: the suggested account number; every allowed provider and limit for a new account.
  useEffect(() => {
    if (!open || mode !== 'create' || !suggestion.data) return;
    if (!form.getFieldValue('accountNo')) {
      form.setFieldValue('accountNo', suggestion.data.accountNo);
      void form.validateFields(['accountNo']).catch(() => undefined);
    }
  }, [open, mode, suggestion.data, form]);
  useEffect(() => {
    if (!open || mode !== 'create' || !providers.data) return;
    if (form.getFieldValue('providers') === undefined) form.setFieldValue('providers', providerOptions.map((p) => p.code));
  }, [open, mode, providers.data, providerOptions, form]);
  useEffect(() => {
    if (!open || mode !== 'create' || !betLimits.data) return;
    // Without the parent's set, nothing is pre-selected: a preset it lacks would be refused.
    if (form.getFieldValue('betLimits') === undefined) form.setFieldValue('betLimits', parent.limitsKnown ? limitOptions.map((b) => b.code) : []);
  }, [open, mode, betLimits.data, limitOptions, form, parent.limitsKnown]);

  const mutation = useMutation({
    mutationFn: async (values: Values): Promise<CopyInfo | null> => {
      const parentId = parent.isSelf ? undefined : parent.id;
      if (mode === 'create') {
        const base = {
          parentId,
          accountNo: values.accountNo,
          nickName: values.nickName,
          password: values.password,
          providers: values.providers ?? [],
          betLimits: values.betLimits ?? [],
        };
        return kind === 'agent' ? memberApi.createAgent({ ...base, ratio: values.ratio }) : memberApi.createPlayer(base);
      }
      if (!row) return null;
      const same = (a: string[] | undefined, b: string[]) => !!a && a.length === b.length && a.every((x) => b.includes(x));
      const change = {
        id: row.id,
        nickName: values.nickName !== row.nickName ? values.nickName : undefined,
        providers: same(values.providers, row.providers) ? undefined : values.providers,
        betLimits: same(values.betLimits, row.betLimits) ? undefined : values.betLimits,
      };
      if (kind === 'agent') {
        const ratio = values.ratio !== (row as AgentRow).ratio ? values.ratio : undefined;
        await memberApi.changeAgentInfo({ ...change, ratio });
      } else {
        await memberApi.changePlayerInfo(change);
      }
      return null;
    },
    onSuccess: (info) => {
      availability.clear(); // the number just used is taken now
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      if (info) setCreated(info);
      else close();
    },
    onError: (error) => {
      // A taken account number (a race with another create) sends the user back to step 1.
      if (isApiError(error) && error.code === 2001) {
        availability.set(String(form.getFieldValue('accountNo')).toLowerCase(), false);
        setStep(0);
        void form.validateFields(['accountNo']).catch(() => undefined);
      }
    },
  });

  function close() {
    setStep(0);
    setCreated(null);
    form.resetFields();
    mutation.reset();
    onClose();
  }

  async function next() {
    try {
      await form.validateFields(stepFields(kind, mode, step));
      setStep((s) => Math.min(s + 1, WIZARD_STEPS - 1));
    } catch {
      // the form shows what is wrong
    }
  }

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
  const ratioRules: Rule[] = [
    {
      validator: async (_r, value: string | undefined) => {
        const key = ratioError(value, parent.ratio);
        if (key) throw new Error(t(`validation:${key}`, { max: parent.ratio ?? '100' }));
      },
    },
  ];

  const isAgent = kind === 'agent';
  const title =
    mode === 'create'
      ? isAgent
        ? t('wizard.createAgent')
        : t('wizard.createPlayer', terms)
      : isAgent
        ? t('wizard.editAgent', { accountNo: row?.accountNo })
        : t('wizard.editPlayer', { ...terms, accountNo: row?.accountNo });

  const stepItems = [
    { title: t('wizard.steps.account') },
    { title: isAgent ? t('wizard.steps.ratio') : t('wizard.steps.wallet') },
    { title: t('wizard.steps.providers') },
    { title: t('wizard.steps.betLimits') },
    { title: t('wizard.steps.review') },
  ];

  const values = form.getFieldsValue(true) as Partial<Values>;

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="wizard-done">
            {t('wizard.done')}
          </Button>
        ) : (
          <Space wrap>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            {step > 0 ? (
              <Button onClick={() => setStep((s) => s - 1)} data-testid="wizard-prev">
                {t('wizard.prev')}
              </Button>
            ) : null}
            {step < WIZARD_STEPS - 1 ? (
              <Button type="primary" onClick={() => void next()} data-testid="wizard-next">
                {t('wizard.next')}
              </Button>
            ) : (
              <Button
                type="primary"
                loading={mutation.isPending}
                onClick={() => mutation.mutate(form.getFieldsValue(true) as Values)}
                data-testid="wizard-submit"
              >
                {mode === 'create' ? t('wizard.confirmCreate') : t('wizard.confirmSave')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <div data-testid="wizard" data-step={created ? 'success' : String(step)}>
        {created ? (
          <Result
            status="success"
            title={isAgent ? t('wizard.createdAgent') : t('wizard.createdPlayer', terms)}
            subTitle={t('wizard.createdHint')}
            className="member-result"
            extra={<CopyInfoView info={created} />}
            data-testid="wizard-success"
          />
        ) : (
          <>
            <Steps
              current={step}
              items={isMobile ? stepItems.map((item, i) => (i === step ? item : { title: '' })) : stepItems}
              size="small"
              responsive={false}
              orientation="horizontal"
              className="wizard-steps"
            />
            <Form<Values>
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={
                row
                  ? {
                      accountNo: row.accountNo,
                      nickName: row.nickName,
                      ratio: isAgent ? (row as AgentRow).ratio : undefined,
                      providers: row.providers,
                      betLimits: row.betLimits,
                    }
                  : undefined
              }
              className="wizard-form"
            >
              {step === 0 ? (
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
                              void memberApi.suggestAccountNo(kind).then((s) => {
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
                      <Typography.Text strong>{row?.accountNo}</Typography.Text>
                    </Form.Item>
                  )}
                  <Form.Item
                    name="nickName"
                    label={t('fields.nickName')}
                    rules={[
                      { required: true, whitespace: true, message: t('validation:nickName.required') },
                      { max: 32, message: t('validation:nickName.max') },
                    ]}
                  >
                    <Input maxLength={32} data-testid="wizard-nickName" />
                  </Form.Item>
                  {mode === 'create' ? (
                    <Form.Item label={t('fields.password')} extra={t('wizard.passwordHint')} required>
                      <Space.Compact style={{ width: '100%' }}>
                        <Form.Item name="password" noStyle rules={[zodRule(newPasswordSchema, t, 'validation:password.required')]}>
                          <Input.Password autoComplete="new-password" data-testid="wizard-password" />
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
              ) : null}

              {step === 1 && isAgent ? (
                <>
                  <Form.Item
                    name="ratio"
                    label={t('fields.ratio')}
                    rules={ratioRules}
                    extra={
                      parent.ratio !== null
                        ? t('wizard.parentRatio', { accountNo: parent.accountNo, ratio: parent.ratio })
                        : t('wizard.ratioHint')
                    }
                  >
                    <Input suffix="%" inputMode="decimal" maxLength={6} style={{ maxWidth: 220 }} data-testid="wizard-ratio" />
                  </Form.Item>
                </>
              ) : null}
              {step === 1 && !isAgent ? (
                <div data-testid="wizard-wallet">
                  <Statistic title={t('fields.balance')} value={formatMoney(mode === 'edit' ? (row as PlayerRow).balance : '0')} />
                  <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('wizard.walletHint', terms)} />
                </div>
              ) : null}

              {step === 2 ? (
                <Spin spinning={providers.isPending}>
                  <Typography.Paragraph type="secondary">{t('wizard.providersHint', { accountNo: parent.accountNo })}</Typography.Paragraph>
                  {providerOptions.length === 0 && !providers.isPending ? (
                    <Empty description={t('wizard.noProviders')} />
                  ) : (
                    <Form.Item name="providers">
                      <Checkbox.Group className="wizard-checks">
                        {providerOptions.map((p) => (
                          <Checkbox key={p.code} value={p.code} data-testid={`wizard-provider-${p.code}`}>
                            {p.name} <Typography.Text type="secondary">({p.code})</Typography.Text>
                          </Checkbox>
                        ))}
                      </Checkbox.Group>
                    </Form.Item>
                  )}
                </Spin>
              ) : null}

              {step === 3 ? (
                <Spin spinning={betLimits.isPending}>
                  <Typography.Paragraph type="secondary">{t('wizard.betLimitsHint', { accountNo: parent.accountNo })}</Typography.Paragraph>
                  {!parent.limitsKnown ? (
                    <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('wizard.betLimitsUnknown', { accountNo: parent.accountNo })} />
                  ) : null}
                  {limitOptions.length === 0 && !betLimits.isPending ? (
                    <Empty description={t('wizard.noBetLimits')} />
                  ) : (
                    <Form.Item name="betLimits">
                      <Checkbox.Group className="wizard-checks">
                        {limitOptions.map((b) => (
                          <Checkbox key={b.code} value={b.code} data-testid={`wizard-betlimit-${b.code}`}>
                            {b.name}{' '}
                            <Typography.Text type="secondary">
                              {formatMoney(b.min)} – {formatMoney(b.max)}
                            </Typography.Text>
                          </Checkbox>
                        ))}
                      </Checkbox.Group>
                    </Form.Item>
                  )}
                </Spin>
              ) : null}

              {step === 4 ? (
                <div data-testid="wizard-review">
                  <Typography.Paragraph type="secondary">{t('wizard.reviewHint')}</Typography.Paragraph>
                  <Descriptions column={1} size="small" bordered styles={{ label: { width: 140 } }}>
                    <Descriptions.Item label={t('fields.parent')}>{parent.accountNo}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.accountNo')}>{values.accountNo ?? row?.accountNo}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.nickName')}>{values.nickName}</Descriptions.Item>
                    {mode === 'create' ? (
                      <Descriptions.Item label={t('fields.password')}>{'•'.repeat(values.password?.length ?? 0)}</Descriptions.Item>
                    ) : null}
                    {isAgent ? (
                      <Descriptions.Item label={t('fields.ratio')}>{values.ratio}%</Descriptions.Item>
                    ) : (
                      <Descriptions.Item label={t('fields.balance')}>
                        {formatMoney(mode === 'edit' ? (row as PlayerRow).balance : '0')}
                      </Descriptions.Item>
                    )}
                    <Descriptions.Item label={t('fields.providers')}>
                      {(values.providers ?? []).length ? (
                        <Space size={[4, 4]} wrap>
                          {(values.providers ?? []).map((c) => (
                            <Tag key={c}>{providerOptions.find((p) => p.code === c)?.name ?? c}</Tag>
                          ))}
                        </Space>
                      ) : (
                        t('wizard.none')
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.betLimits')}>
                      {(values.betLimits ?? []).length ? (
                        <Space size={[4, 4]} wrap>
                          {(values.betLimits ?? []).map((c) => (
                            <Tag key={c}>{limitOptions.find((b) => b.code === c)?.name ?? c}</Tag>
                          ))}
                        </Space>
                      ) : (
                        t('wizard.none')
                      )}
                    </Descriptions.Item>
                  </Descriptions>
                  {mutation.isError ? (
                    <Alert style={{ marginTop: 12 }} type="error" showIcon title={mutation.error.message} data-testid="wizard-error" />
                  ) : null}
                </div>
              ) : null}
            </Form>
          </>
        )}
      </div>
    </Modal>
  );
}
