import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../stores/app-store';
import { usePermissionStore } from '../../stores/permission-store';
import { checkPermission, hasPermission, type PermissionHolder } from '../use-permission';

const roleHolder = (mode: PermissionHolder['mode']): PermissionHolder => ({
  mode,
  roles: ['agent'],
  codes: ['ACTIVITY_READ', 'GAME_WRITE'],
});

describe.each(['ROLE', 'ROUTE_MAPPING'] as const)('checkPermission in %s mode (roles)', (mode) => {
  const holder = roleHolder(mode);

  it('allows when nothing is required', () => {
    expect(checkPermission(undefined, holder)).toBe(true);
    expect(checkPermission(null, holder)).toBe(true);
    expect(checkPermission('', holder)).toBe(true);
  });

  it('needs a single role to be held', () => {
    expect(checkPermission('agent', holder)).toBe(true);
    expect(checkPermission('admin', holder)).toBe(false);
  });

  it('passes a list of roles when any matches', () => {
    expect(checkPermission(['admin', 'agent'], holder)).toBe(true);
    expect(checkPermission(['admin', 'shadow'], holder)).toBe(false);
  });

  it('checks roles, not codes', () => {
    expect(checkPermission('ACTIVITY_READ', holder)).toBe(false);
  });
});

describe('checkPermission in BACK mode (codes)', () => {
  const holder = roleHolder('BACK');

  it('allows when nothing is required', () => {
    expect(checkPermission(undefined, holder)).toBe(true);
  });

  it('needs a single code to be held, and ignores roles', () => {
    expect(checkPermission('ACTIVITY_READ', holder)).toBe(true);
    expect(checkPermission('ACTIVITY_WRITE', holder)).toBe(false);
    expect(checkPermission('agent', holder)).toBe(false);
  });

  it('combines codes with || (any) and && (all)', () => {
    expect(checkPermission('ACTIVITY_WRITE||ACTIVITY_READ', holder)).toBe(true);
    expect(checkPermission('ACTIVITY_WRITE||TAG_READ', holder)).toBe(false);
    expect(checkPermission('ACTIVITY_READ&&GAME_WRITE', holder)).toBe(true);
    expect(checkPermission('ACTIVITY_READ&&TAG_READ', holder)).toBe(false);
  });

  it('passes a list when any item matches', () => {
    expect(checkPermission(['TAG_READ', 'GAME_WRITE'], holder)).toBe(true);
    expect(checkPermission(['TAG_READ', 'ACTIVITY_WRITE'], holder)).toBe(false);
  });
});

describe('hasPermission reads the current mode, roles and codes from the stores', () => {
  afterEach(() => {
    useAppStore.getState().resetProjectConfig();
    usePermissionStore.getState().reset();
  });

  it('follows the permission mode', () => {
    usePermissionStore.getState().setRoleList(['shadow']);
    usePermissionStore.getState().setBuiltRoutes(['GAME_WRITE'], []);
    expect(hasPermission('shadow')).toBe(true);
    expect(hasPermission('GAME_WRITE')).toBe(false);
    useAppStore.getState().setProjectConfig({ permissionMode: 'BACK' });
    expect(hasPermission('shadow')).toBe(false);
    expect(hasPermission('GAME_WRITE')).toBe(true);
    expect(hasPermission()).toBe(true);
  });
});
