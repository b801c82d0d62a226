import { formatZonedDateTime } from '@agent-bo/shared';
import { Watermark } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useSiteTimeZone } from '../../../hooks/use-site-time-zone';
import { useAppStore } from '../../../stores/app-store';
import { useSiteShellStore } from '../../../stores/site-shell-store';
import { useUserStore } from '../../../stores/user-store';

/** The minute shown, as `YYYY-MM-DD HH:mm` on the site's wall clock. */
export function watermarkTime(at: Date, timeZone: string): string {
  return formatZonedDateTime(at, timeZone).slice(0, 16);
}

/** The current minute, updated when it turns. */
function useMinute(timeZone: string): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = window.setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000) + 50);
    return () => window.clearTimeout(tick);
  }, [now]);
  return watermarkTime(now, timeZone);
}

/** Faint on either theme: dark text on the light one, light text on the dark one. */
const INK = { light: 'rgba(0, 0, 0, 0.09)', dark: 'rgba(255, 255, 255, 0.07)' };

/**
 * The site's watermark (issue 38): when the site's setting is on, the signed-in account number
 * and the current minute, faint and tiled over the layout, so a screenshot of customer data says
 * whose screen it came from. antd's Watermark draws it and puts it back when it is removed or
 * its style changed in the page. Off on the login page, which is not inside the layout.
 */
export function SiteWatermark({ children }: { children: ReactNode }) {
  const on = useSiteShellStore((s) => s.shell.watermark);
  const accountNo = useUserStore((s) => s.userInfo?.accountNo);
  const dark = useAppStore((s) => s.darkMode);
  const minute = useMinute(useSiteTimeZone());
  if (!on || !accountNo) return <>{children}</>;
  return (
    <Watermark
      className="site-watermark"
      content={[accountNo, minute]}
      font={{ color: dark ? INK.dark : INK.light, fontSize: 14 }}
      gap={[120, 120]}
      zIndex={1000}
    >
      {children}
    </Watermark>
  );
}
