import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import './thumb.css';

/** An item's picture (it opens a preview), or an empty frame of the same size. */
export function Thumb({ url, size = 40, className }: { url: string | null | undefined; size?: number; className?: string }) {
  const { t } = useTranslation('common');
  if (!url) return <span className={className ? `thumb--empty ${className}` : 'thumb--empty'} style={{ width: size, height: size }} />;
  // The picture is a preview button: its text names it for assistive technology.
  const image = <Image src={url} width={size} height={size} className="thumb" alt={t('image.preview')} />;
  return className ? <span className={className}>{image}</span> : image;
}
