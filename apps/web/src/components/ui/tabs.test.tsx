import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const ITEMS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map((value) => ({
  value,
  label: `Tab ${value}`,
  content: <p>Panel {value}</p>,
}));

function Harness({ initial = 'one' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <Tabs label="Sections" items={ITEMS} value={value} onValueChange={setValue} />;
}

/** jsdom lays nothing out: give the list a phone's width and its tabs' whole width. */
function layOut(list: HTMLElement, { width, scrollWidth }: { width: number; scrollWidth: number }) {
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
}

const hint = (container: HTMLElement, edge: 'before' | 'after') =>
  container.querySelector(`[data-scroll-hint="${edge}"]`);

describe('Tabs on a narrow screen (docs/decisions/053)', () => {
  it('shows that more tabs are behind an edge, and stops once the list is scrolled to its end', () => {
    const { container } = render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(hint(container, 'after')).toBeNull();

    layOut(list, { width: 390, scrollWidth: 900 });
    fireEvent.scroll(list);
    expect(hint(container, 'after')).not.toBeNull();
    expect(hint(container, 'before')).toBeNull();
    // The hint is a pointer's shortcut; keyboards move with the arrow keys, readers hear the tabs.
    expect(hint(container, 'after')).toHaveAttribute('aria-hidden', 'true');
    expect(hint(container, 'after')).toHaveAttribute('tabindex', '-1');

    list.scrollLeft = 200;
    fireEvent.scroll(list);
    expect(hint(container, 'after')).not.toBeNull();
    expect(hint(container, 'before')).not.toBeNull();

    list.scrollLeft = 510;
    fireEvent.scroll(list);
    expect(hint(container, 'after')).toBeNull();
    expect(hint(container, 'before')).not.toBeNull();
  });

  it('a tap on the hint scrolls the list that way', () => {
    const { container } = render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    layOut(list, { width: 390, scrollWidth: 900 });
    fireEvent.scroll(list);
    const scrolls: ScrollToOptions[] = [];
    list.scrollBy = ((options: ScrollToOptions) => scrolls.push(options)) as typeof list.scrollBy;
    fireEvent.click(hint(container, 'after')!);
    expect(scrolls).toEqual([{ left: 234, behavior: 'smooth' }]);
  });

  it('no hint when every tab fits', () => {
    const { container } = render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    layOut(list, { width: 1200, scrollWidth: 1200 });
    fireEvent.scroll(list);
    expect(container.querySelector('[data-scroll-hint]')).toBeNull();
  });

  it('scrolls the selected tab into view (a link to ?tab= of a far tab)', () => {
    const { rerender } = render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    layOut(list, { width: 390, scrollWidth: 900 });
    const eighth = screen.getByRole('tab', { name: 'Tab eight' });
    Object.defineProperty(eighth, 'offsetLeft', { configurable: true, value: 780 });
    Object.defineProperty(eighth, 'offsetWidth', { configurable: true, value: 100 });
    fireEvent.click(eighth);
    expect(eighth).toHaveAttribute('aria-selected', 'true');
    expect(list.scrollLeft).toBe(780 + 100 - 390 + 24);
    rerender(<Harness />);
    expect(screen.getByText('Panel eight')).toBeInTheDocument();
  });

  // docs/decisions/021-server-rendering.md, "Note (2026-11-29): the frame's start in short tasks".
  describe('where the browser reports sizes (ResizeObserver)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
    });

    it("reads the list's widths when it is laid out, not in React's commit", () => {
      let report: (() => void) | undefined;
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            report = callback;
          }
          observe() {}
          disconnect() {}
        },
      );
      let reads = 0;
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
        configurable: true,
        get() {
          reads += 1;
          return 900;
        },
      });
      const { container } = render(<Harness initial="one" />);
      const list = screen.getByRole('tablist', { name: 'Sections' });
      Object.defineProperty(list, 'clientWidth', { configurable: true, value: 390 });
      expect(reads).toBe(0);
      expect(hint(container, 'after')).toBeNull();
      act(() => report!());
      expect(reads).toBeGreaterThan(0);
      expect(hint(container, 'after')).not.toBeNull();
    });
  });
});
