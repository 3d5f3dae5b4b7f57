import { useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@trustlinks/contract/constants';
import { dashboardPath } from '@trustlinks/contract/pages';
import type { CurrentUser } from '@trustlinks/contract/users';
import { parseCurrentUser } from './current-user';

/**
 * The browser session (docs/product/data.md "Session", docs/product/states.md "Session"): the bearer token, the current user and
 * the password_reset_required flag, kept in localStorage under the keys of docs/product/constants.md.
 * Logged in means a token is stored together with a valid user; a token without a valid user
 * is an inconsistent session and is cleared.
 */

export interface Session {
  token: string;
  user: CurrentUser;
  passwordResetRequired: boolean;
}

export interface SaveSessionInput {
  token: string;
  user: CurrentUser;
  password_reset_required?: boolean;
}

const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.authToken,
  STORAGE_KEYS.currentUser,
  STORAGE_KEYS.passwordResetRequired,
];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): behave as logged out.
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function parseUser(raw: string | null): CurrentUser | null {
  if (!raw) return null;
  try {
    return parseCurrentUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

// ---- same-tab change notification -------------------------------------------------------

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` after every change of the stored session: in this tab (saveSession,
 * clearSession, updateCurrentUser, setPasswordResetRequired) at once, before React re-renders, and
 * when another tab changes it (the window's `storage` event). Returns the unsubscribe.
 */
export function onSessionChange(listener: () => void): () => void {
  return subscribe(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed localStorage: key is null when that tab called localStorage.clear().
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- reads ---------------------------------------------------------------------------------

export function getToken(): string | null {
  return read(STORAGE_KEYS.authToken) || null;
}

/** The stored user, parsed and validated against the contract schema; anything else is null. */
export function getCurrentUser(): CurrentUser | null {
  return parseUser(read(STORAGE_KEYS.currentUser));
}

export function getPasswordResetRequired(): boolean {
  return read(STORAGE_KEYS.passwordResetRequired) === 'true';
}

/** The whole session, or null. A token whose user is missing or invalid clears the session. */
export function getSession(): Session | null {
  const token = getToken();
  if (!token) return null;
  const user = getCurrentUser();
  if (!user) {
    clearSession();
    return null;
  }
  return { token, user, passwordResetRequired: getPasswordResetRequired() };
}

export function isLoggedIn(): boolean {
  return getSession() !== null;
}

// ---- writes --------------------------------------------------------------------------------

export function saveSession({ token, user, password_reset_required }: SaveSessionInput): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.authToken, token);
  store.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  if (password_reset_required) store.setItem(STORAGE_KEYS.passwordResetRequired, 'true');
  else store.removeItem(STORAGE_KEYS.passwordResetRequired);
  notify();
}

/** Replaces the stored user (e.g. after a profile save) and keeps the token. */
export function updateCurrentUser(user: CurrentUser): void {
  storage()?.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  notify();
}

export function setPasswordResetRequired(required: boolean): void {
  const store = storage();
  if (!store) return;
  if (required) store.setItem(STORAGE_KEYS.passwordResetRequired, 'true');
  else store.removeItem(STORAGE_KEYS.passwordResetRequired);
  notify();
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  const hadAny = SESSION_KEYS.some((key) => store.getItem(key) !== null);
  for (const key of SESSION_KEYS) store.removeItem(key);
  if (hadAny) notify();
}

// ---- React binding -------------------------------------------------------------------------

interface Snapshot {
  session: Session | null;
  /** A token is stored but its user is missing or invalid: to be cleared. */
  inconsistent: boolean;
}

const LOGGED_OUT: Snapshot = { session: null, inconsistent: false };
let cachedRaw = '';
let cached: Snapshot = LOGGED_OUT;

// useSyncExternalStore needs a stable snapshot: recompute only when the stored strings change.
// Reading is pure (no clearing during render); useSession clears inconsistent storage in an effect.
// A visitor's snapshot is LOGGED_OUT itself, the server's: a snapshot that differs from the
// server's after hydration makes React re-render every reader synchronously, and hydrate in the
// same task whatever part of the page under them still waited (docs/performance.md).
function getSnapshot(): Snapshot {
  const token = read(STORAGE_KEYS.authToken);
  const userRaw = read(STORAGE_KEYS.currentUser);
  const reset = read(STORAGE_KEYS.passwordResetRequired);
  const raw = JSON.stringify([token, userRaw, reset]);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  const user = token ? parseUser(userRaw) : null;
  const session = token && user ? { token, user, passwordResetRequired: reset === 'true' } : null;
  const inconsistent = Boolean(token) && !user;
  cached = session || inconsistent ? { session, inconsistent } : LOGGED_OUT;
  return cached;
}

function getServerSnapshot(): Snapshot {
  return LOGGED_OUT;
}

/**
 * The current session, re-read when this module changes it (same tab) and on the window
 * `storage` event (another tab logged in or out).
 */
export function useSession(): Session | null {
  const { session, inconsistent } = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    if (inconsistent) clearSession();
  }, [inconsistent]);
  return session;
}

// ---- role helpers --------------------------------------------------------------------------

/**
 * Where a role's dashboard lives (docs/product/screens.md#header); any other role gets the user
 * dashboard. The page table's rule (@trustlinks/contract/pages), shared with the API's links.
 */
export function dashboardPathForRole(role: string | null | undefined): string {
  return dashboardPath(role);
}

export function dashboardLabelForRole(role: string | null | undefined): string {
  return role === 'admin' ? 'Admin Panel' : 'Dashboard';
}
