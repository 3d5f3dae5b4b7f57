import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach } from 'vitest';
import { throwContractViolations } from './contract';

// A lazily loaded part (the user menu) can take over findBy*'s default 1 s on two busy cores.
configure({ asyncUtilTimeout: 3000 });

// A toast fades in (sonner: opacity 0 until its mount effect runs, then a 400 ms transition);
// jsdom runs no transitions, and on busy cores findByText can see the text before the effect.
// Show a visible toast as it is once faded in, so toBeVisible does not race the animation. jsdom
// applies the last matching rule, and sonner inserts its own styles first in <head>; toasts on
// their way out (data-visible=false) keep sonner's opacity 0.
const toastStyle = document.createElement('style');
toastStyle.textContent = "[data-sonner-toast][data-visible='true'] { opacity: 1; }";
document.head.appendChild(toastStyle);

// jsdom lacks a few browser APIs that the theme code and Radix primitives use.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.setPointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
// jsdom's scrollTo only prints "Not implemented"; the router's scroll restoration calls it.
window.scrollTo = () => {};

// Testing Library only cleans up automatically with vitest globals; we do not use them.
afterEach(() => {
  // sonner keeps its toasts in module state: one still showing would reappear in the next test's
  // <Toaster> (two "Change accepted." where a test looks for one).
  sonnerToast.dismiss();
  cleanup();
  window.localStorage.clear();
  document.documentElement.classList.remove('dark');
  // Last, after the clean-up: a fixture that drifted from the contract fails its test.
  throwContractViolations();
});
