import { render } from '@testing-library/react';
import NProgress from 'nprogress';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteEffects } from '../route-effects';

describe('route effects', () => {
  it('a route switch starts the progress bar, and leaving the router before it ends finishes it', () => {
    const view = render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <RouteEffects />
      </MemoryRouter>,
    );
    expect(NProgress.isStarted()).toBe(true);
    view.unmount();
    expect(NProgress.isStarted()).toBe(false);
  });
});
