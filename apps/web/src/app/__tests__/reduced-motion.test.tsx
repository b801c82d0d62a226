import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../providers';

/**
 * The system's "reduce motion" setting reaches antd: dialogs, drawers and menus then open and
 * close without zooms and slides (WCAG 2.3.3). jsdom answers every media query with `matches:
 * false` (src/test/jsdom-setup.ts); a test answers this one itself.
 */
const plainMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  window.matchMedia = plainMatchMedia;
});

function MotionToken() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return (
    <>
      <span data-testid="motion">{String(token.motion)}</span>
      <span data-testid="wave">{wave?.disabled ? 'off' : 'on'}</span>
    </>
  );
}

describe('reduced motion', () => {
  it('antd keeps its motion by default', () => {
    render(
      <AppProviders>
        <MotionToken />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
    expect(screen.getByTestId('wave').textContent).toBe('on');
  });

  it('antd has no motion and no click wave when the system asks for less', () => {
    window.matchMedia = (query: string) => ({ ...plainMatchMedia(query), matches: query.includes('prefers-reduced-motion: reduce') });
    render(
      <AppProviders>
        <MotionToken />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    // The wave's element would otherwise stay in the page until its five-second deadline.
    expect(screen.getByTestId('wave').textContent).toBe('off');
  });
});
