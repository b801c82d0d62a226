import { Button, Result, Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeTitle } from '../../../lib/i18n';
import { useSiteShellStore } from '../../../stores/site-shell-store';
import './frame-page.css';

/**
 * How long a frame may take to load before the page says it could not: a frame of another
 * origin tells nothing when it fails (no error event, and its document cannot be read), so
 * silence is the only sign of an address that does not answer.
 */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

type FrameState = 'loading' | 'loaded' | 'failed';

/** Space kept under the frame: the content area's own bottom padding. */
const BOTTOM_GAP_PX = 16;

/**
 * Makes `ref`'s element reach the bottom of the window, whatever sits above it (the header, the
 * marquee strip of a phone, the tab bar, the breadcrumb): the framed page scrolls inside the
 * frame, not the layout around it.
 */
function useFillWindow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + (element.closest('.app-content')?.scrollTop ?? 0);
      element.style.height = `${Math.max(320, window.innerHeight - top - BOTTOM_GAP_PX)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref]);
}

/** Whether `frame`, just loaded, shows its page rather than the browser's error page (same origin only). */
function showsOwnDocument(frame: HTMLIFrameElement, url: string): boolean {
  if (!url.startsWith('/')) return true;
  try {
    // The browser's error page (refused, blocked or unreachable) is of another origin: reading it throws.
    return frame.contentWindow?.location.href !== undefined;
  } catch {
    return false;
  }
}

/**
 * An embedded page (`/frame/<id>`, issue 38): the site's configured address in a frame inside
 * the layout and its tabs, with a loading state, and an error state with a way to try again or
 * to open the address in a window of its own. Only the pages the server gave this session exist
 * as routes; the server's CSP (frame-src) lets the frame load those addresses and nothing else.
 */
export default function FramePage() {
  const { t } = useTranslation('frame');
  const { pathname } = useLocation();
  const id = pathname.split('/').at(-1);
  const page = useSiteShellStore((s) => s.shell.embeddedPages.find((p) => p.id === id));
  const [attempt, setAttempt] = useState(0);
  if (!page) return null;
  return (
    <EmbeddedFrame
      // A new address or another try starts afresh: loading, with a new frame.
      key={`${page.url}#${attempt}`}
      url={page.url}
      title={routeTitle({ titleKey: 'routes.frames', title: page.title }, t)}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

function EmbeddedFrame({ url, title, onRetry }: { url: string; title: string; onRetry: () => void }) {
  const { t } = useTranslation('frame');
  const [state, setState] = useState<FrameState>('loading');
  const frame = useRef<HTMLIFrameElement>(null);
  const area = useRef<HTMLDivElement>(null);
  useFillWindow(area);

  useEffect(() => {
    const timer = window.setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), FRAME_LOAD_TIMEOUT_MS);
    // The CSP refusing the address (a page the server's frame-src does not list) says so here.
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'frame-src' || event.effectiveDirective === 'child-src') setState('failed');
    };
    document.addEventListener('securitypolicyviolation', refused);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', refused);
    };
  }, []);

  return (
    <div className="page frame-page" data-testid="frame-page" data-state={state} ref={area}>
      {state === 'failed' ? (
        <Result
          status="warning"
          title={t('failed.title')}
          subTitle={t('failed.description', { url })}
          extra={[
            <Button key="retry" type="primary" data-testid="frame-retry" onClick={onRetry}>
              {t('failed.retry')}
            </Button>,
            <Button key="open" href={url} target="_blank" rel="noopener noreferrer" data-testid="frame-open">
              {t('failed.open')}
            </Button>,
          ]}
        />
      ) : (
        <div className="frame-page__body">
          <iframe
            ref={frame}
            className="frame-page__frame"
            data-testid="frame"
            src={url}
            title={title}
            referrerPolicy="no-referrer"
            onLoad={() => setState(frame.current && showsOwnDocument(frame.current, url) ? 'loaded' : 'failed')}
          />
          {state === 'loading' ? (
            <div className="frame-page__loading" role="status">
              <Spin />
              <span>{t('loading')}</span>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
