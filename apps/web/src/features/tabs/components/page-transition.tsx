import type { ReactNode } from 'react';
import { useAppStore } from '../../../stores/app-store';
import './page-transition.css';

/**
 * The page area's enter animation on a route switch (project config `transitionSetting`). The
 * animation plays when the wrapper mounts, and again when a kept page is shown: `<Activity>`
 * hides with `display: none`, and a CSS animation restarts when its element is displayed again.
 * `prefers-reduced-motion` turns it off (CSS).
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { enable, basicTransition } = useAppStore((s) => s.projectConfig.transitionSetting);
  const className = enable ? `page-transition page-transition--${basicTransition}` : 'page-transition';
  return (
    <div className={className} data-transition={enable ? basicTransition : 'none'}>
      {children}
    </div>
  );
}
