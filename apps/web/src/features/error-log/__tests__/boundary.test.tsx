import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { RootErrorBoundary } from '../components/root-error-boundary';
import { useErrorLogStore } from '../error-log-store';
import { installErrorHandlers } from '../install';

/** Throws while rendering as long as `broken.now` is true. */
const broken = { now: false };
function Fragile({ label }: { label: string }) {
  if (broken.now) throw new Error('render failed');
  return <p data-testid="page">{label}</p>;
}

function Shell() {
  const navigate = useNavigate();
  const [label, setLabel] = useState('first');
  return (
    <>
      <button type="button" onClick={() => void navigate('/other')}>
        go
      </button>
      <button type="button" onClick={() => void navigate('/here')}>
        same
      </button>
      <button type="button" onClick={() => setLabel(`${label}!`)}>
        rerender
      </button>
      <PageErrorBoundary>
        <Fragile label={label} />
      </PageErrorBoundary>
    </>
  );
}

/** Renders the shell (at `path`, else the router's default), then breaks its page with a re-render. */
function renderBrokenShell(path?: string): void {
  render(
    <MemoryRouter initialEntries={path === undefined ? undefined : [path]}>
      <Shell />
    </MemoryRouter>,
  );
  broken.now = true;
  fireEvent.click(screen.getByText('rerender'));
}

const entries = () => useErrorLogStore.getState().entries;
let uninstall: () => void;

beforeAll(() => {
  initI18n('en');
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
  // React reports caught errors on the console; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useErrorLogStore.getState().clear();
  broken.now = false;
  uninstall = installErrorHandlers();
});

afterEach(() => {
  cleanup();
  uninstall();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('page error boundary', () => {
  it('logs a render error once as type react, with the component stack, and shows the fallback', () => {
    renderBrokenShell('/here');
    expect(screen.queryByTestId('page')).toBeNull();
    expect(screen.getByTestId('page-error-fallback').textContent).toContain('This page failed to display');
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({ type: 'react', name: 'Error', message: 'render failed' });
    expect(entries()[0]!.detail).toContain('Fragile');
    expect(entries()[0]!.stack).toContain('render failed');
  });

  it('renders the page again on retry', () => {
    renderBrokenShell();
    expect(screen.getByTestId('page-error-fallback')).toBeTruthy();
    broken.now = false;
    fireEvent.click(screen.getByTestId('page-error-retry'));
    expect(screen.getByTestId('page').textContent).toBe('first!');
  });

  it('resets when the route changes', () => {
    renderBrokenShell('/here');
    expect(screen.getByTestId('page-error-fallback')).toBeTruthy();
    broken.now = false;
    act(() => {
      fireEvent.click(screen.getByText('go'));
    });
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(screen.queryByTestId('page-error-fallback')).toBeNull();
  });
});

describe('page error boundary, same path', () => {
  it('resets on a navigation to the same path (the fallback links to the error log, which may be this page)', () => {
    renderBrokenShell('/here');
    expect(screen.getByTestId('page-error-fallback')).toBeTruthy();
    broken.now = false;
    act(() => {
      fireEvent.click(screen.getByText('same'));
    });
    expect(screen.getByTestId('page')).toBeTruthy();
  });
});

describe('root error boundary', () => {
  it('catches what no page boundary covers, logs it and offers a reload', () => {
    broken.now = true;
    render(
      <RootErrorBoundary>
        <Fragile label="x" />
      </RootErrorBoundary>,
    );
    expect(screen.getByTestId('root-error-fallback').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(entries().map((e) => e.type)).toEqual(['react']);
  });
});
