import '@fontsource-variable/inter';
import './index.css';

/**
 * index.html's entry: the style sheet and the font, and nothing else until the page has painted.
 *
 * The server sends the public pages whole (docs/decisions/021-server-rendering.md, performance
 * amendment): their first paint needs no JavaScript. Left to itself, the browser would run the app
 * (React DOM, the router, hydration: the bulk of a phone's start-up work) before it painted the
 * first frame whenever the code is already there, and the page would show only after all of it.
 * So the app (main.tsx: React, hydration) is imported only once a frame has been painted; its
 * chunks are fetched meanwhile, at low priority (vite.config.ts), so nothing waits for the network.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./main');
}

if (document.visibilityState === 'visible') {
  // A requestAnimationFrame callback runs just before a frame is painted; a task queued from it
  // runs after that paint.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  // A tab opened in the background paints nothing until it is shown (and runs no frame callbacks).
  start();
}
