import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { startTransition } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';
import { useSession } from './session';

// docs/decisions/021-server-rendering.md (second amendment): nothing may re-render synchronously
// right after hydration, or React hydrates whatever waited under it in that one task.

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

/** Server-renders `node`, then hydrates that HTML as main.tsx does (in a transition). */
async function hydrate(node: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(node);
  document.body.appendChild(container);
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, node);
    });
  });
  return container;
}

describe('after hydration', () => {
  it("a visitor's session is the server's snapshot: its readers do not render again", async () => {
    const renders: (string | null)[] = [];
    function Reader() {
      const session = useSession();
      renders.push(session ? session.user.name : null);
      return <p>{session ? 'signed in' : 'visitor'}</p>;
    }
    const container = await hydrate(<Reader />);
    expect(container.textContent).toBe('visitor');
    // The server's render, then hydration's: no third, forced one.
    expect(renders).toEqual([null, null]);
  });

  it('useHydrated is false in the server HTML and while hydrating, then true', async () => {
    const seen: boolean[] = [];
    function Probe() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return <p data-hydrated={hydrated ? 'yes' : 'no'} />;
    }
    const container = await hydrate(<Probe />);
    expect(seen.slice(0, 2)).toEqual([false, false]);
    expect(seen.at(-1)).toBe(true);
    expect(container.querySelector('p')!.dataset.hydrated).toBe('yes');
  });
});
