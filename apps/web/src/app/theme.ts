import { useCallback, useSyncExternalStore } from 'react';

/**
 * Light/dark theme (docs/product/states.md "Theme: light or dark"). The choice is remembered in
 * localStorage 'theme'; without a stored choice the system preference decides.
 * index.html applies the same rule in a tiny inline script before first paint (no flash);
 * this module keeps the `dark` class on <html> in step afterwards.
 */

export type Theme = 'light' | 'dark';

/** Web-only storage key; the session keys live in @trustlinks/contract/constants. */
export const THEME_STORAGE_KEY = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

let current: Theme | null = null;
const listeners = new Set<() => void>();

function refresh(): void {
  const next = resolveTheme();
  if (next === current) return;
  current = next;
  applyTheme(next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia?.(DARK_QUERY);
  // Another tab toggled the theme, or the system theme changed while no choice is stored.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) refresh();
  };
  window.addEventListener('storage', onStorage);
  media?.addEventListener?.('change', refresh);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener?.('change', refresh);
  };
}

function getSnapshot(): Theme {
  if (current === null) {
    current = resolveTheme();
    applyTheme(current);
  }
  return current;
}

function getServerSnapshot(): Theme {
  return 'light';
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered when storage is unavailable; the toggle still works for this page.
  }
  current = theme;
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
} {
  const theme = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, setTheme, toggleTheme };
}
