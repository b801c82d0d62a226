import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from '../../../test/fixtures';
import { useSiteShellStore } from '../../../stores/site-shell-store';
import { useUserStore } from '../../../stores/user-store';
import { SiteWatermark, watermarkTime } from '../components/site-watermark';

/**
 * jsdom has no canvas: getContext('2d') is null, and antd's Watermark, which draws its text on a
 * canvas in an animation frame, would throw there. This file gets a 2D context that draws nothing
 * (the browser suite sees the real drawing) and gives jsdom's back at its end.
 */
const jsdomGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  const drawsNothing = new Proxy({} as Record<string | symbol, unknown>, {
    get: (values, name) => (name in values ? values[name] : name === 'measureText' ? () => ({ width: 0 }) : () => undefined),
    set: (values, name, value) => {
      values[name] = value;
      return true;
    },
  });
  HTMLCanvasElement.prototype.getContext = (() => drawsNothing) as unknown as typeof jsdomGetContext;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = jsdomGetContext;
});

afterEach(() => {
  cleanup();
  useSiteShellStore.getState().reset();
  useUserStore.getState().reset();
});

describe('watermarkTime', () => {
  it('is the minute on the site’s wall clock, across a day and a year end', () => {
    expect(watermarkTime(new Date('2026-12-31T15:59:59Z'), 'Asia/Taipei')).toBe('2026-12-31 23:59');
    expect(watermarkTime(new Date('2026-12-31T16:00:00Z'), 'Asia/Taipei')).toBe('2027-01-01 00:00');
    expect(watermarkTime(new Date('2026-12-31T16:00:00Z'), 'Asia/Manila')).toBe('2027-01-01 00:00');
  });
});

describe('SiteWatermark', () => {
  const page = <main data-testid="page">page</main>;

  it('draws nothing over the page while the site’s setting is off', () => {
    useUserStore.getState().setUserInfo(adminUser());
    const { container } = render(<SiteWatermark>{page}</SiteWatermark>);
    expect(container.querySelector('.site-watermark')).toBeNull();
    expect(container.firstElementChild?.getAttribute('data-testid')).toBe('page');
  });

  it('wraps the layout in the watermark when the site’s setting is on', () => {
    useUserStore.getState().setUserInfo(adminUser());
    useSiteShellStore.getState().setShell({ watermark: true, embeddedPages: [] });
    const { container } = render(<SiteWatermark>{page}</SiteWatermark>);
    const wrapper = container.querySelector('.site-watermark');
    expect(wrapper).not.toBeNull();
    expect(wrapper!.querySelector('[data-testid="page"]')).not.toBeNull();
  });
});
