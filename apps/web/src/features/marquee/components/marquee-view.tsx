import { SoundOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { CyclingText } from './cycling-text';
import { ScrollingTrack } from './scrolling-track';
import type { MarqueeItem } from './marquee-item';
import '../marquee.css';

/**
 * The marquee box: scrolling text, or one item at a time when the user prefers reduced motion.
 * Screen readers get the whole list once, from a hidden copy, instead of the moving parts.
 */
export function MarqueeView({ items }: { items: MarqueeItem[] }) {
  const { t } = useTranslation('marquee');
  const reducedMotion = useReducedMotion();
  const { token } = theme.useToken();
  return (
    <div
      className="broadcast-marquee"
      role="marquee"
      aria-label={t('label')}
      // focusable so keyboard users can pause it too (focus pauses the scroll, like the pointer does)
      tabIndex={0}
      data-testid="broadcast-marquee"
      style={{ background: token.colorFillTertiary, borderRadius: token.borderRadiusLG, outlineColor: token.colorPrimary }}
    >
      <SoundOutlined className="broadcast-marquee__icon" aria-hidden />
      <div className="broadcast-marquee__viewport" aria-hidden>
        {reducedMotion ? <CyclingText items={items} /> : <ScrollingTrack items={items} />}
      </div>
      <span className="broadcast-marquee__spoken">{items.map((item) => item.text).join(' / ')}</span>
    </div>
  );
}
