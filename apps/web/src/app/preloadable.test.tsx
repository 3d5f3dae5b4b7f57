import { render, screen } from '@testing-library/react';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('preloadable', () => {
  // React's own scheduling, not act(): act renders a transition in one go, and the case below
  // needs React to wait for the code in the middle of a render, as it does in the browser.
  let actEnvironment: unknown;
  beforeEach(() => {
    actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown })
      .IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT =
      actEnvironment;
  });

  it('keeps a page opened by a navigation before its code had loaded when the route renders again', async () => {
    // Regression: the login page, opened from the entity page with its code in the browser's
    // cache, was mounted afresh when the session was saved, and lost its 'Redirecting…' state:
    // the visitor stayed on "You're signed in" instead of going back to the review.
    let mounts = 0;
    function Page({ label }: { label: string }) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>{label}</p>;
    }
    // Code that arrives at once (from the cache): React waits for it and renders the lazy part
    // alone, without rendering the component around it again.
    const LazyPage = preloadable(async () => Page);
    let navigate = () => undefined as void;
    let signIn = () => undefined as void;
    function Route() {
      const [label, setLabel] = useState('signing in');
      const [opened, setOpened] = useState(false);
      // React Router navigates in a transition.
      navigate = () => startTransition(() => setOpened(true));
      signIn = () => setLabel('signed in');
      return (
        <Suspense fallback={<p>loading</p>}>
          {opened ? <LazyPage label={label} /> : <p>another page</p>}
        </Suspense>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      root.render(<Route />);
      await wait(20);
      navigate();
      await wait(50);
      expect(container.textContent).toBe('signing in');
      signIn();
      await wait(50);
      expect(container.textContent).toBe('signed in');
      // The same page, not a new one.
      expect(mounts).toBe(1);
    } finally {
      root.unmount();
      container.remove();
    }
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const Page = ({ label }: { label: string }) => <p>{label}</p>;
    const LazyPage = preloadable(async () => Page);
    await LazyPage.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage label="ready" />
      </Suspense>,
    );
    expect(screen.getByText('ready')).toBeInTheDocument();
  });
});
