import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_LABELS, type Locale } from '@agent-bo/shared';
import { LocaleTabs, LocalizedTextItem } from '../../../components/locale-tabs';

/**
 * The store's localized texts of an item, one tab per locale: the name (`name.<locale>`, zh_TW
 * required, the others fall back to it) and, when `descriptionMax` is given, the description
 * (`description.<locale>`).
 */
export function StoreLocaleTabs({
  nameMax,
  descriptionMax,
  active,
  onActiveChange,
}: {
  nameMax: number;
  descriptionMax?: number;
  active: Locale;
  onActiveChange: (locale: Locale) => void;
}) {
  const { t } = useTranslation('store');
  return (
    <LocaleTabs
      active={active}
      onActiveChange={onActiveChange}
      testIdPrefix="store"
      hint={(_, required) => (required ? t('form.requiredLocale') : t('form.fallbackLocale', { locale: LOCALE_LABELS[DEFAULT_LOCALE] }))}
      pane={(locale, required) => (
        <>
          <LocalizedTextItem
            name={['name', locale]}
            label={t('form.name')}
            max={nameMax}
            required={required}
            requiredMessage={t('validation.nameRequired')}
            tooLongMessage={t('validation.tooLong', { n: nameMax })}
            testId={`store-name-${locale}`}
          />
          {descriptionMax ? (
            <LocalizedTextItem
              name={['description', locale]}
              label={t('form.description')}
              max={descriptionMax}
              required={false}
              rows={4}
              tooLongMessage={t('validation.tooLong', { n: descriptionMax })}
              testId={`store-description-${locale}`}
            />
          ) : null}
        </>
      )}
    />
  );
}
