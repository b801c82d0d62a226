import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, HANDOFF_PASSWORD_HOURS, siteSecuritySchema, type SiteSecurity } from '@agent-bo/shared';
import { GridFailure } from '../../../components/grid-status';
import { isApiError } from '../../../lib/api-error';
import { siteSecurityApi, siteSecurityKeys } from '../api/site-security-api';
import './site-security.css';

const FIELDS = new Set<keyof SiteSecurity>(['twoFactorRequired', 'handoffPasswordHours']);

/** The server's refusal of one field (VALIDATION_FAILED lists them), for the form to mark it. */
function fieldIssues(data: unknown): Array<keyof SiteSecurity> {
  if (!Array.isArray(data)) return [];
  return data
    .map((issue: { path?: unknown }) => (typeof issue?.path === 'string' ? issue.path : ''))
    .filter((path): path is keyof SiteSecurity => FIELDS.has(path as keyof SiteSecurity));
}

/**
 * The two settings of the site's sign-in security: a second factor required of every staff account,
 * and the hours a handed-out password works. The shared schema checks them here; what the server
 * still refuses is marked on its field, anything else said above the form.
 */
export function SiteSecurityForm() {
  const { t } = useTranslation('siteSecurity');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SiteSecurity>();
  const current = useQuery({ queryKey: siteSecurityKeys.all, queryFn: ({ signal }) => siteSecurityApi.get(signal) });
  const save = useMutation({
    mutationFn: siteSecurityApi.save,
    onSuccess: (saved) => {
      client.setQueryData(siteSecurityKeys.all, saved);
      form.setFieldsValue(saved);
      void message.success(t('saved'));
    },
    onError: (error) => {
      if (!isApiError(error) || error.code !== ERRORS.VALIDATION_FAILED.code) return;
      form.setFields(
        fieldIssues(error.data).map((name) => ({
          name,
          errors: [name === 'handoffPasswordHours' ? t('hoursRange', HANDOFF_PASSWORD_HOURS) : error.message],
        })),
      );
    },
  });
  const refused =
    save.isError && !(isApiError(save.error) && (save.error.code === ERRORS.VALIDATION_FAILED.code || save.error.kind === 'cancelled'))
      ? save.error.message
      : null;

  if (current.isError) return <GridFailure message={current.error.message} onRetry={() => void current.refetch()} />;
  if (!current.data) return <Skeleton active />;
  return (
    <>
      {refused ? <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} data-testid="site-security-error" /> : null}
      <Form<SiteSecurity>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={current.data}
        onFinish={(values) => save.mutate(values)}
        className="site-security-form"
        data-testid="site-security-form"
      >
        <Form.Item name="twoFactorRequired" label={t('twoFactorRequired')} extra={t('twoFactorRequiredHint')} valuePropName="checked">
          <Switch data-testid="site-security-two-factor" />
        </Form.Item>
        <Form.Item
          name="handoffPasswordHours"
          label={t('handoffPasswordHours')}
          extra={t('handoffPasswordHoursHint')}
          rules={[
            { required: true, message: t('hoursRequired') },
            {
              validator: async (_r, v: number | null) => {
                if (v !== null && v !== undefined && !siteSecuritySchema.shape.handoffPasswordHours.safeParse(v).success)
                  throw new Error(t('hoursRange', HANDOFF_PASSWORD_HOURS));
              },
            },
          ]}
        >
          <InputNumber<number> precision={0} suffix={t('hours')} style={{ width: 160 }} data-testid="site-security-hours" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-security-save">
          {t('save')}
        </Button>
      </Form>
    </>
  );
}
