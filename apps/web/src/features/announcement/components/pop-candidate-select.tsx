import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, type ContentItem } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { contentApi, contentKeys } from '../api/content-api';

/** Finds an activity by title (on the server, newest first) to add to the pop-ups. */
export function PopCandidateSelect({
  chosen,
  disabled,
  onAdd,
}: {
  chosen: readonly number[];
  disabled: boolean;
  onAdd: (item: ContentItem) => void;
}) {
  const { t } = useTranslation('announcement');
  const locale = useLocaleStore((s) => s.locale);
  const [text, setText] = useState('');
  const body = {
    type: 'ACTIVITY' as const,
    title: text.trim() || undefined,
    sortBy: 'updatedAt' as const,
    order: 'desc' as const,
    pageSize: 50 as const,
  };
  const query = useQuery({
    queryKey: contentKeys.list('ACTIVITY', { candidates: body }),
    queryFn: ({ signal }) => contentApi.list(body, signal),
    placeholderData: (prev) => prev,
  });
  const candidates = (query.data?.list ?? []).filter((item) => !chosen.includes(item.id));

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText }}
      value={null}
      disabled={disabled}
      loading={query.isFetching}
      placeholder={t('pops.add')}
      className="ann-pops__add"
      notFoundContent={t('pops.noCandidates')}
      options={candidates.map((item) => ({ value: item.id, label: localized(item.title, locale) }))}
      optionRender={(o) => <span data-testid={`pop-candidate-${String(o.value)}`}>{o.label}</span>}
      onChange={(id) => {
        const item = candidates.find((c) => c.id === id);
        if (item) onAdd(item);
        setText('');
      }}
      aria-label={t('pops.add')}
      data-testid="pop-add"
    />
  );
}
