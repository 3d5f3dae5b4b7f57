import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, TAGLINE } from '@trustlinks/contract/constants';
import { PAGE_SKELETON_LABEL } from './layout/page-skeleton';
import { prerender } from './prerender';
import { PRERENDER_SESSION_SCRIPT, ROUTE_PRELOADS } from './route-preloads';

const SKELETON = `[aria-label="${PAGE_SKELETON_LABEL}"]`;

function prerenderOf(name: string) {
  const route = ROUTE_PRELOADS.find((r) => r.prerender.name === name);
  if (!route) throw new Error(`no prerendered route ${name}`);
  return route.prerender;
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('prerendered pages (scripts/prerender.mjs)', () => {
  it('renders a whole page on its first render, its code loaded beforehand, not the loading skeleton', async () => {
    const container = document.createElement('div');
    unmount = await prerender(prerenderOf('landing'), container);
    // No waiting: what the first render produced is what the build writes (and main.tsx keeps).
    expect(container.querySelector('h1')?.textContent).toBe(TAGLINE);
    expect(container.querySelector(SKELETON)).toBeNull();
    expect(container.querySelector('header')?.textContent).toContain('Log in');
  });

  it('renders the layout with the page skeleton for a page drawn from its data', async () => {
    const container = document.createElement('div');
    unmount = await prerender(prerenderOf('entity'), container);
    expect(container.querySelector(SKELETON)).not.toBeNull();
    expect(container.querySelector('header')).not.toBeNull();
    expect(container.querySelector('footer')).not.toBeNull();
  });

  it('is removed before it paints for a visitor with a stored session, kept for the others', () => {
    const run = () => {
      document.body.innerHTML = '<div id="root"><p>prerendered</p></div>';
      new Function(PRERENDER_SESSION_SCRIPT)();
      return document.getElementById('root')?.textContent;
    };
    expect(run()).toBe('prerendered');
    localStorage.setItem(STORAGE_KEYS.authToken, 'token');
    expect(run()).toBe('');
  });
});
