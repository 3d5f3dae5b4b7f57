#!/usr/bin/env node
// Writes the prerendered pages of the routes in src/app/route-preloads.ts after `vite build`
// (docs/decisions/020-prerendered-pages.md): each is the built index.html with the app's first
// render of that route for a visitor with no session inside `<div id="root">` and the page's
// title, in dist/prerendered/{name}.html, and dist/prerendered.json tells the API which address
// gets which file. A phone then paints the page (or the layout and a skeleton) as soon as the HTML
// and the stylesheet are in, before any JS has run; main.tsx renders over it.
//
// The app is rendered in jsdom, its modules loaded through Vite (the build's aliases: Preact for
// React, zod without its JIT) with the React libraries compiled as in the unit tests.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// WEB_OUT_DIR: another build (`vite build --outDir <dir>`), as scripts/precompress.mjs.
const dist = process.env.WEB_OUT_DIR || join(webRoot, 'dist');
const ROOT = '<div id="root"></div>';

const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
if (!indexHtml.includes(ROOT)) throw new Error(`prerender: no ${ROOT} in ${dist}/index.html`);

// A browser-like global scope for the app: jsdom's window, as Vitest's jsdom environment does.
const dom = new JSDOM(`<!doctype html><html lang="en"><head></head><body></body></html>`, {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
const { document } = window;
window.matchMedia = (media) => ({
  matches: false,
  media,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis || key.startsWith('_')) continue;
  Object.defineProperty(globalThis, key, {
    configurable: true,
    get: () => window[key],
  });
}
for (const key of ['window', 'self', 'document', 'navigator', 'localStorage', 'location']) {
  Object.defineProperty(globalThis, key, { configurable: true, value: window[key] });
}
// No API at build time: a page's reads stay pending, as they are at its first render in a browser.
globalThis.fetch = () => new Promise(() => {});

const vite = await createServer({
  root: webRoot,
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  // The React libraries go through Vite (for the Preact aliases), with their browser builds.
  ssr: {
    noExternal: [
      /preact/,
      /react-router/,
      /@tanstack\/react-query/,
      /sonner/,
      /lucide-react/,
      /@radix-ui\//,
      /@trustlinks\//,
    ],
    resolve: { conditions: ['module', 'browser'], externalConditions: ['module'] },
  },
});

const written = [];
try {
  const { ROUTE_PRELOADS } = await vite.ssrLoadModule('/src/app/route-preloads.ts');
  const { prerender, showsPageSkeleton } = await vite.ssrLoadModule('/src/app/prerender.tsx');
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const route of ROUTE_PRELOADS) {
    const { name, content } = route.prerender;
    document.title = 'TrustLinks';
    const container = document.createElement('div');
    document.body.append(container);
    const unmount = await prerender(route.prerender, container);
    // Preact runs effects (the page's title) after the next frame.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const html = container.innerHTML;
    const title = document.title;
    const skeleton = showsPageSkeleton(container);
    unmount();
    container.remove();
    // A page drawn without data must be there, not the skeleton of its code still loading.
    if (skeleton !== (content === 'layout')) {
      throw new Error(`prerender: ${name} is not what "${content}" asks for:\n${html}`);
    }
    const page = indexHtml
      .replace(ROOT, `<div id="root" data-prerendered="${content}">${html}</div>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    const file = `prerendered/${name}.html`;
    writeFileSync(join(dist, file), page);
    written.push({ path: route.path.source, file });
    console.log(
      `Prerendered ${route.prerender.at} → ${file} (${(html.length / 1000).toFixed(1)} KB)`,
    );
  }
  writeFileSync(join(dist, 'prerendered.json'), `${JSON.stringify(written, null, 2)}\n`);
} finally {
  await vite.close();
}
// The pending reads (and the QueryClient's timers) would keep Node running.
process.exit(0);

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
