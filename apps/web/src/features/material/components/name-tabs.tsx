import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_LABELS, type Game, type Locale } from '@agent-bo/shared';
import { LocaleTabs, LocalizedTextItem } from '../../../components/locale-tabs';
import { textIn } from '../../../lib/localized-text';

/**
 * One tab per locale for a localized name (`field.<locale>`). zh_TW is required unless `optional`
 * (a game's display names: empty shows the provider's); the others fall back to it.
 */
export function NameTabs({
  field,
  max,
  optional = false,
  active,
  onActiveChange,
  placeholders,
  label,
}: {
  field: string;
  /** The input's label (default: Name). */
  label?: string;
  max: number;
  optional?: boolean;
  active: Locale;
  onActiveChange: (locale: Locale) => void;
  /** Shown in an empty input, per locale (the provider's names). */
  placeholders?: Partial<Record<Locale, string>>;
}) {
  const { t } = useTranslation('material');
  return (
    <LocaleTabs
      active={active}
      onActiveChange={onActiveChange}
      testIdPrefix="material"
      defaultOptional={optional}
      hint={(_, required) =>
        optional
          ? t('form.providerFallback')
          : required
            ? t('form.requiredLocale')
            : t('form.fallbackLocale', { locale: LOCALE_LABELS[DEFAULT_LOCALE] })
      }
      pane={(locale, required) => (
        <LocalizedTextItem
          name={[field, locale]}
          label={label ?? t('form.name')}
          max={max}
          required={required}
          requiredMessage={t('validation.nameRequired')}
          tooLongMessage={t('validation.tooLong', { n: max })}
          placeholder={placeholders?.[locale]}
          testId={`material-name-${locale}`}
        />
      )}
    />
  );
}

/** A game's name in the user's locale: the operator's, else the provider's, else its code. */
export function gameName(game: Pick<Game, 'names' | 'providerNames' | 'code'>, locale: Locale): string {
  return textIn(game.names, locale) || textIn(game.providerNames, locale, game.code);
}
