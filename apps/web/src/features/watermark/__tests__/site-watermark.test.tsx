import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUser } from '../../../test/fixtures';
import { useSiteShellStore } from '../../../stores/site-shell-store';
import { useUserStore } from '../../../stores/user-store';
import { SiteWatermark, watermarkTime } from '../components/site-watermark';

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
