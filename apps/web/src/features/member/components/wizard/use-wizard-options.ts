import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useMemo } from 'react';
import { memberApi, memberKeys } from '../../api/member-api';
import type { WizardKind, WizardMode } from '../../rules';
import type { ParentContext, WizardValues } from './types';

/**
 * What the wizard offers under `parent`: its enabled providers, the site's bet-limit presets it
 * holds, and (create) a suggested account number; a new account starts with the suggestion and
 * every allowed provider and limit.
 */
export function useWizardOptions({
  form,
  kind,
  mode,
  parent,
  open,
}: {
  form: FormInstance<WizardValues>;
  kind: WizardKind;
  mode: WizardMode;
  parent: ParentContext;
  open: boolean;
}) {
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
    if (form.getFieldValue('providers') === undefined)
      form.setFieldValue(
        'providers',
        providerOptions.map((p) => p.code),
      );
  }, [open, mode, providers.data, providerOptions, form]);
  useEffect(() => {
    if (!open || mode !== 'create' || !betLimits.data) return;
    // Without the parent's set, nothing is pre-selected: a preset it lacks would be refused.
    if (form.getFieldValue('betLimits') === undefined)
      form.setFieldValue('betLimits', parent.limitsKnown ? limitOptions.map((b) => b.code) : []);
  }, [open, mode, betLimits.data, limitOptions, form, parent.limitsKnown]);

  return {
    providerOptions,
    providersPending: providers.isPending,
    limitOptions,
    limitsPending: betLimits.isPending,
  };
}
