import '@fontsource-variable/inter';
import './index.css';

import {
  addModulePreloads,
  addModulePreloadsInSteps,
  afterFirstContentfulPaint,
  preloadsFor,
  readPreloadTable,
} from './app/route-preloads';

/**
 * index.html's entry: the style sheet and the font, and nothing else until the page has painted.
 *
 * The server sends the public pages whole (docs/decisions/021-server-rendering.md): their first
 * paint needs no JavaScript. Left to itself, the browser would run the app (React DOM, the router,
 * hydration: the bulk of a phone's start-up work) before it painted the first frame whenever the
 * code is already there, and the page would show only after all of it. So the app (main.tsx:
 * React, hydration) is imported, and its chunks fetched, only once a server-rendered page has
 * shown its content (app/route-preloads.ts says why the fetches wait too). A page the browser
 * renders itself fetches them at once and starts after the next frame.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./main');
}

const { files, serverRendered } = preloadsFor(readPreloadTable(), location.pathname);
if (document.visibilityState !== 'visible') {
  // A tab opened in the background paints nothing until it is shown (and runs no frame callbacks).
  addModulePreloads(files);
  start();
} else if (serverRendered) {
  afterFirstContentfulPaint(() => {
    void addModulePreloadsInSteps(files)
      .catch(() => undefined)
      .then(start);
  });
} else {
  addModulePreloads(files);
  requestAnimationFrame(() => setTimeout(start, 0));
}
