import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import {
  clearSession,
  dashboardLabelForRole,
  dashboardPathForRole,
  getCurrentUser,
  getPasswordResetRequired,
  getSession,
  getToken,
  isLoggedIn,
  saveSession,
  useSession,
} from './session';

describe('session storage', () => {
  it('saves, reads and clears the token, user and reset flag under the spec keys', () => {
    const user = buildUser({ role: 'advertiser' });
    saveSession({ token: 'tok-1', user, password_reset_required: true });

    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('password_reset_required')).toBe('true');
    expect(getToken()).toBe('tok-1');
    expect(getCurrentUser()).toEqual(user);
    expect(getPasswordResetRequired()).toBe(true);
    expect(isLoggedIn()).toBe(true);

    clearSession();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('password_reset_required')).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('reads bad JSON or an invalid user as no user', () => {
    localStorage.setItem('currentUser', '{not json');
    expect(getCurrentUser()).toBeNull();
    localStorage.setItem('currentUser', JSON.stringify({ ...buildUser(), role: 'superuser' }));
    expect(getCurrentUser()).toBeNull();
  });

  it('clears the whole session when a token has no valid user', () => {
    localStorage.setItem('authToken', 'orphan');
    localStorage.setItem('password_reset_required', 'true');

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('password_reset_required')).toBeNull();
  });
});

describe('useSession', () => {
  it('re-renders on same-tab changes made through this module', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    act(() => saveSession({ token: 'tok-2', user: buildUser({ name: 'Grace Hopper' }) }));
    expect(result.current?.user.name).toBe('Grace Hopper');

    act(() => clearSession());
    expect(result.current).toBeNull();
  });

  it('notifies subscribers on the storage event of another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    // Another tab logged in: localStorage changed without this module knowing.
    act(() => {
      localStorage.setItem('authToken', 'from-other-tab');
      localStorage.setItem('currentUser', JSON.stringify(buildUser({ name: 'Other Tab' })));
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    });
    expect(result.current?.token).toBe('from-other-tab');
    expect(result.current?.user.name).toBe('Other Tab');

    // Another tab logged out.
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toBeNull();
  });

  it('clears a token without a user that appears in storage', () => {
    const { result } = renderHook(() => useSession());
    act(() => {
      localStorage.setItem('authToken', 'orphan');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    });
    expect(result.current).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});

describe('dashboard for a role', () => {
  it.each([
    ['advertiser', '/advertiser-dashboard', 'Dashboard'],
    ['affiliate', '/affiliate-dashboard', 'Dashboard'],
    ['network', '/network-dashboard', 'Dashboard'],
    ['admin', '/admin', 'Admin Panel'],
    ['user', '/user-dashboard', 'Dashboard'],
    ['something-else', '/user-dashboard', 'Dashboard'],
  ])('%s goes to %s labelled %s', (role, path, label) => {
    expect(dashboardPathForRole(role)).toBe(path);
    expect(dashboardLabelForRole(role)).toBe(label);
  });
});
