import { options } from 'preact';
import type { VNode } from 'preact';

/**
 * React focuses an element rendered with `autoFocus` when it mounts (a dialog's field, the next
 * step's field); Preact only sets the `autofocus` attribute, which the browser honours once per
 * page load. This gives every DOM element rendered with `autoFocus` React's behaviour: focused
 * the first time it is attached, never again on a re-render (docs/decisions/018-preact.md).
 * Imported by main.tsx and by the unit tests' setup.
 */
const focused = new WeakSet<Element>();
const previousVnodeHook = options.vnode;

options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: boolean } | undefined;
  if (typeof vnode.type === 'string' && props?.autoFocus) {
    const ownRef = vnode.ref;
    vnode.ref = (element: unknown) => {
      if (element instanceof HTMLElement && !focused.has(element)) {
        focused.add(element);
        element.focus();
      }
      if (typeof ownRef === 'function') ownRef(element);
      else if (ownRef) (ownRef as { current: unknown }).current = element;
    };
  }
  previousVnodeHook?.(vnode);
};
