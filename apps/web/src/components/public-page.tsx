import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DarkToggle } from './dark-toggle';
import { LocalePicker, type LocalePickerProps } from './locale-picker';

export interface PublicPageProps {
  /** The locale picker's and dark toggle's state (`hooks/use-appearance.ts`). */
  localePicker: Omit<LocalePickerProps, 'showLabel'>;
  darkToggle: { checked: boolean; onChange: (dark: boolean) => void };
  /** A line under the product's name. */
  tagline?: ReactNode;
  /** The card's heading and the line under it. */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Small links under the card's content (sign in another way, back to sign-in). */
  links?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/**
 * The frame of the pages a visitor sees signed out (sign-in, phone code sign-in, forgot password,
 * registration): the locale picker and dark toggle at the top, the product's name and one centred
 * card. Plain elements styled by the theme's tokens rather than antd's Card and Typography: those
 * bring tabs, skeletons, tooltips and editable text inputs the login page would download for nothing.
 */
export function PublicPage({ localePicker, darkToggle, tagline, title, subtitle, links, testId, children }: PublicPageProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="login-page" data-testid={testId}>
      <div className="login-page__tools">
        <LocalePicker {...localePicker} />
        <DarkToggle {...darkToggle} />
      </div>
      <div className="login-page__panel">
        <div className="login-page__brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1 className="login-page__product" style={{ fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 }}>
            {t('productTitle')}
          </h1>
          {tagline ? <span className="login-page__tagline">{tagline}</span> : null}
        </div>
        <section
          className="login-card"
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            color: token.colorText,
            fontSize: token.fontSize,
          }}
        >
          {title ? (
            <h2
              className="login-card__title"
              style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}
            >
              {title}
            </h2>
          ) : null}
          {subtitle ? (
            <p className="login-card__subtitle" style={{ color: token.colorTextSecondary }}>
              {subtitle}
            </p>
          ) : null}
          {children}
          {links ? (
            <nav
              className="login-card__links"
              style={
                { fontSize: token.fontSize, '--login-link': token.colorLink, '--login-link-hover': token.colorLinkHover } as CSSProperties
              }
            >
              {links}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}
