import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useAppStore } from '../../../stores/app-store';
import { useLockStore } from '../../../stores/lock-store';
import { useSessionTimeoutStore } from '../../../stores/session-timeout-store';
import { MenuSearchModal } from './menu-search-modal';

/** ⌘K on Apple keyboards, Ctrl+K elsewhere: the label shows the one this keyboard uses. */
const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform ?? '');

/** Header button (and shortcut Ctrl+K / ⌘K) that opens the global menu search. */
export function MenuSearchButton() {
  const { t } = useTranslation('search');
  const isMobile = useIsMobile();
  const showSearch = useAppStore((s) => s.projectConfig.headerSetting.showSearch);
  // Under the lock screen or the session cover the page is not reachable: no search either.
  const locked = useLockStore((s) => s.locked);
  const timedOut = useSessionTimeoutStore((s) => s.timedOut);
  const covered = locked || timedOut;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!showSearch || covered) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [showSearch, covered]);

  if (!showSearch) return null;
  const shortcut = IS_APPLE ? '⌘K' : 'Ctrl K';
  const button = (
    <Button
      type="text"
      icon={<SearchOutlined />}
      // Named by its visible text on a wide screen (WCAG 2.5.3); the shortcut is announced by aria-keyshortcuts.
      aria-label={isMobile ? t('open') : undefined}
      aria-description={isMobile ? undefined : t('open')}
      aria-keyshortcuts={IS_APPLE ? 'Meta+K' : 'Control+K'}
      data-testid="menu-search-open"
      onClick={() => setOpen(true)}
    >
      {isMobile ? null : (
        <>
          {t('button')}
          <span className="menu-search__kbd-hint" aria-hidden>
            {shortcut}
          </span>
        </>
      )}
    </Button>
  );
  return (
    <>
      {/* A tap would leave a hover tooltip standing on a touch screen. */}
      {isMobile ? button : <Tooltip title={`${t('open')} (${shortcut})`}>{button}</Tooltip>}
      <MenuSearchModal open={open && !covered} onClose={() => setOpen(false)} />
    </>
  );
}
