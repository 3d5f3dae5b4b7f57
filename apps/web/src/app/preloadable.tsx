import { lazy, useState } from 'react';
import type { ComponentType } from 'react';

/** The `preload` of every lazy page and slot (preloadEverything). */
const everyPreload: (() => Promise<unknown>)[] = [];

/**
 * Loads the code of every page and slot: the server renderer (src/entry-server.tsx) does so once,
 * so that nothing suspends while it renders (its bundle holds all of it anyway).
 */
export function preloadEverything(): Promise<unknown> {
  return Promise.all(everyPreload.map((preload) => preload()));
}

/** A lazily loaded component that can also be loaded ahead of its first render. */
export type Preloadable<P extends object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with `preload()`: once its code has loaded, it renders at once instead of suspending.
 * main.tsx preloads the opened page before hydrating the server-rendered page
 * (docs/decisions/021-server-rendering.md).
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  everyPreload.push(preload);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloaded(props: P) {
    // Chosen at the first render and kept: the loaded component if its code is there, else the
    // lazy one. Switching later would be a new element type, and React would mount the page
    // afresh and lose its state. (React 19 may render the lazy component alone once its code
    // arrives, so that the first render here returned the lazy one although the code is there
    // now: the login page then forgot that it was redirecting a visitor who had just signed in.)
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
