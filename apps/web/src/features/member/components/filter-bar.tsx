import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS, VERIFY_STATUSES } from '@agent-bo/shared';
import { FilterLine } from '../../../components/filter-line';

export interface Filters {
  accountNo?: string;
  nickName?: string;
  status?: (typeof STATUS_FILTERS)[number];
  verifyStatus?: (typeof VERIFY_STATUSES)[number];
}

/** Account number, nickname and status filters (plus verification for players). */
export function FilterBar({ prefix, withVerify, onSearch }: { prefix: string; withVerify?: boolean; onSearch: (f: Filters) => void }) {
  const { t } = useTranslation('member');
  const [form] = Form.useForm<Filters>();
  return (
    <FilterLine<Filters> form={form} testId={prefix} onFinish={onSearch} onReset={() => onSearch({})}>
      <Form.Item name="accountNo">
        <Input allowClear maxLength={12} placeholder={t('fields.accountNo')} data-testid={`${prefix}-filter-accountNo`} />
      </Form.Item>
      <Form.Item name="nickName">
        <Input allowClear maxLength={32} placeholder={t('fields.nickName')} data-testid={`${prefix}-filter-nickName`} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder={t('fields.status')}
          aria-label={t('fields.status')}
          style={{ minWidth: 140 }}
          options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`statusFilter.${s}`) }))}
          data-testid={`${prefix}-filter-status`}
        />
      </Form.Item>
      {withVerify ? (
        <Form.Item name="verifyStatus">
          <Select
            allowClear
            placeholder={t('fields.verifyStatus')}
            aria-label={t('fields.verifyStatus')}
            style={{ minWidth: 140 }}
            options={VERIFY_STATUSES.map((s) => ({ value: s, label: t(`verifyStatus.${s}`) }))}
            data-testid={`${prefix}-filter-verify`}
          />
        </Form.Item>
      ) : null}
    </FilterLine>
  );
}
