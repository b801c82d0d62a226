import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../stores/app-store';
import { usePermissionStore } from '../../stores/permission-store';
import { Authority } from '../authority';

afterEach(() => {
  cleanup();
  useAppStore.getState().resetProjectConfig();
  usePermissionStore.getState().reset();
});

describe('<Authority>', () => {
  it('renders its children when allowed and removes them from the DOM when not', () => {
    usePermissionStore.getState().setRoleList(['agent']);
    render(
      <div data-testid="host">
        <Authority value="agent">
          <button type="button">agent-only</button>
        </Authority>
        <Authority value={['admin', 'shadow']}>
          <button type="button">admin-only</button>
        </Authority>
        <Authority>
          <span>open</span>
        </Authority>
      </div>,
    );
    expect(screen.getByText('agent-only')).toBeTruthy();
    expect(screen.queryByText('admin-only')).toBeNull();
    expect(screen.getByText('open')).toBeTruthy();
  });

  it('follows a change of mode and codes (BACK checks code expressions)', () => {
    usePermissionStore.getState().setRoleList(['agent']);
    render(
      <Authority value="ACTIVITY_READ&&GAME_WRITE">
        <span>both codes</span>
      </Authority>,
    );
    expect(screen.queryByText('both codes')).toBeNull();
    act(() => {
      useAppStore.getState().setProjectConfig({ permissionMode: 'BACK' });
      usePermissionStore.getState().setBuiltRoutes(['ACTIVITY_READ', 'GAME_WRITE'], []);
    });
    expect(screen.getByText('both codes')).toBeTruthy();
    act(() => usePermissionStore.getState().setBuiltRoutes(['ACTIVITY_READ'], []));
    expect(screen.queryByText('both codes')).toBeNull();
  });
});
