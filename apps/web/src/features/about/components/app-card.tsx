import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteTimeZone } from '../../../hooks/use-site-time-zone';
import { BUILD_INFO, formatInstant } from '../build-info';

/** The web app itself: product, version, when and from which commit it was built. */
export function AppCard() {
  const { t, i18n } = useTranslation('about');
  // As every date on screen: the site's wall clock, its zone named.
  const timeZone = useSiteTimeZone();
  const unknown = <Typography.Text type="secondary">{t('unknown')}</Typography.Text>;
  return (
    <Card variant="borderless" title={t('app.title')} className="about-card" data-testid="about-app">
      <Descriptions
        column={1}
        size="small"
        bordered
        className="about-facts"
        items={[
          { key: 'product', label: t('app.product'), children: <span data-testid="about-product">{t('common:productTitle')}</span> },
          {
            key: 'version',
            label: t('app.version'),
            children: BUILD_INFO.version ? <span data-testid="about-app-version">{BUILD_INFO.version}</span> : unknown,
          },
          {
            key: 'builtAt',
            label: t('app.builtAt'),
            children: BUILD_INFO.builtAt ? (
              <time dateTime={BUILD_INFO.builtAt} title={BUILD_INFO.builtAt} data-testid="about-built-at">
                {formatInstant(BUILD_INFO.builtAt, i18n.language, timeZone)}
              </time>
            ) : (
              unknown
            ),
          },
          {
            key: 'commit',
            label: t('app.commit'),
            children: BUILD_INFO.commit ? (
              <Typography.Text code data-testid="about-commit">
                {BUILD_INFO.commit}
              </Typography.Text>
            ) : (
              unknown
            ),
          },
        ]}
      />
    </Card>
  );
}
