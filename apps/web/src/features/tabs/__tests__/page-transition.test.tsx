import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTER_TRANSITIONS } from '../../../config/project-config';
import { useAppStore } from '../../../stores/app-store';
import { PageTransition } from '../components/page-transition';

beforeEach(() => useAppStore.getState().resetProjectConfig());
afterEach(cleanup);

function wrapper(): HTMLElement {
  return screen.getByText('page');
}

describe('page transition', () => {
  it('animates the page with the configured transition (default fade-slide)', () => {
    render(<PageTransition>page</PageTransition>);
    expect(wrapper().className).toBe('page-transition page-transition--fade-slide');
  });

  it.each(ROUTER_TRANSITIONS)('uses the %s animation when chosen', (name) => {
    useAppStore.getState().setProjectConfig({ transitionSetting: { basicTransition: name } });
    render(<PageTransition>page</PageTransition>);
    expect(wrapper().classList.contains(`page-transition--${name}`)).toBe(true);
  });

  it('does not animate when transitions are off', () => {
    useAppStore.getState().setProjectConfig({ transitionSetting: { enable: false } });
    render(<PageTransition>page</PageTransition>);
    expect(wrapper().className).toBe('page-transition');
  });
});
