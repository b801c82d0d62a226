import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { usePermissionStore } from '../../stores/permission-store';
import { useUserStore } from '../../stores/user-store';
import { adminUser } from '../../test/fixtures';
import { useCanRead, useCanWrite } from '../use-can-write';

function as(user: UserInfo | null, codes: string[]) {
  if (user) useUserStore.getState().setUserInfo(user);
  else useUserStore.getState().reset();
  usePermissionStore.setState({ permCodes: codes });
}

afterEach(() => {
  useUserStore.getState().reset();
  usePermissionStore.setState({ permCodes: [] });
});

describe('useCanWrite (the screens’ one “may this user write here”)', () => {
  it('needs every named WRITE code; a READ code does not do', () => {
    as(adminUser(), ['TAG_WRITE', 'GAME_READ']);
    expect(renderHook(() => useCanWrite('TAG_WRITE')).result.current).toBe(true);
    expect(renderHook(() => useCanWrite('TAG_WRITE', 'GAME_WRITE')).result.current).toBe(false);
    expect(renderHook(() => useCanWrite('GAME_WRITE')).result.current).toBe(false);
  });

  it.each([
    ['a shadow', { isShadow: true }],
    ['a disabled account', { isDisabled: true }],
    ['a fully disabled account', { isFullDisabled: true }],
    ['a fully read-only account', { isFullReadonly: true }],
  ] as const)('%s writes nothing whatever its codes', (_, restriction) => {
    as(adminUser(restriction), ['ACTIVITY_WRITE', 'ROLE_PERMISSION_WRITE']);
    expect(renderHook(() => useCanWrite('ACTIVITY_WRITE')).result.current).toBe(false);
    expect(renderHook(() => useCanWrite('ROLE_PERMISSION_WRITE')).result.current).toBe(false);
  });

  it('nobody signed in writes nothing', () => {
    as(null, ['ACTIVITY_WRITE']);
    expect(renderHook(() => useCanWrite('ACTIVITY_WRITE')).result.current).toBe(false);
  });
});

describe('useCanRead', () => {
  it('lists an area for its READ or its WRITE code, a read-only caller included', () => {
    as(adminUser({ isFullReadonly: true }), ['STORE_GOODS_READ']);
    expect(renderHook(() => useCanRead('STORE_GOODS')).result.current).toBe(true);
    as(adminUser(), ['STORE_GOODS_WRITE']);
    expect(renderHook(() => useCanRead('STORE_GOODS')).result.current).toBe(true);
    as(adminUser(), ['STORE_ORDER_READ']);
    expect(renderHook(() => useCanRead('STORE_GOODS')).result.current).toBe(false);
  });
});
