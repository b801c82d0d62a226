import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Result, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentRow, CopyInfo, PlayerRow } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { isApiError } from '../../../lib/api-error';
import { memberApi, memberKeys } from '../api/member-api';
import { stepFields, WIZARD_STEPS, type WizardKind, type WizardMode } from '../rules';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { CopyInfoView } from './copy-info';
import { AccountStep } from './wizard/account-step';
import { BetLimitsStep } from './wizard/bet-limits-step';
import { ProvidersStep } from './wizard/providers-step';
import { RatioStep, WalletStep } from './wizard/ratio-step';
import { ReviewStep } from './wizard/review-step';
import { availability, type ParentContext, type WizardValues as Values } from './wizard/types';
import { useWizardOptions } from './wizard/use-wizard-options';

export { generatePassword, type ParentContext } from './wizard/types';

/**
 * The 5-step wizard for agents and players (PRODUCT.md §3): account, share ratio (agents) or
 * wallet (players), providers, bet limits, review. In edit mode the same steps change the
 * nickname, ratio, providers and bet limits of `row`. Each step is its own component under
 * wizard/; this shell keeps the step, the form and the submission.
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
  const { providerOptions, providersPending, limitOptions, limitsPending } = useWizardOptions({ form, kind, mode, parent, open });

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
  // A player's wallet: its balance (a new one starts at zero).
  const balance = mode === 'edit' ? ((row as PlayerRow | undefined)?.balance ?? '0') : '0';

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
              {step === 0 ? <AccountStep kind={kind} mode={mode} accountNo={row?.accountNo} /> : null}
              {step === 1 && isAgent ? <RatioStep parent={parent} /> : null}
              {step === 1 && !isAgent ? <WalletStep balance={balance} /> : null}
              {step === 2 ? (
                <ProvidersStep parentAccountNo={parent.accountNo} options={providerOptions} pending={providersPending} />
              ) : null}
              {step === 3 ? <BetLimitsStep parent={parent} options={limitOptions} pending={limitsPending} /> : null}
              {step === 4 ? (
                <ReviewStep
                  mode={mode}
                  isAgent={isAgent}
                  parentAccountNo={parent.accountNo}
                  accountNo={row?.accountNo}
                  balance={balance}
                  values={values}
                  providerOptions={providerOptions}
                  limitOptions={limitOptions}
                  error={mutation.isError ? mutation.error.message : null}
                />
              ) : null}
            </Form>
          </>
        )}
      </div>
    </Modal>
  );
}
