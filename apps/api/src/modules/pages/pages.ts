import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage } from '@trustlinks/contract/pages';
import { clientKey } from '../../lib/client-key';
import { ClientWindows } from '../../lib/flood-guard';
import { collectReadSources, sendCachedBody } from '../../lib/read-cache';
import { MINUTE_MS } from '../../lib/time';
import { PAGES_MESSAGES } from './pages.messages';

/**
 * The web app's pages rendered on the server (docs/decisions/021-server-rendering.md): the SSR
 * build of apps/web (`{WEB_DIST_DIR}/ssr/entry-server.js`) renders an address with the same React
 * components as the browser; its API reads are answered in-process (app.inject), never over the
 * network; the HTML goes into the built index.html and through the read cache like the JSON it is
 * made from. A page is rendered and kept under its address with only the query parameters it
 * reads (pageAddress); renders the cache does not hold are counted per client
 * (PAGE_RENDERS_PER_CLIENT_PER_MINUTE), past which the client gets the app's shell with a 429.
 */

/**
 * A form the browser posted itself, as the server answered it (form-posts.ts): what the page shows
 * now. Kept in step with apps/web/src/lib/postback.ts.
 */
export interface Postback {
  form: 'login' | 'signup' | 'forgot' | 'reset';
  /** What goes back into the form's fields, by name: never a password. */
  values: Record<string, string>;
  error?: string;
  /** The login's answer (its session), which the login page stores. */
  signedIn?: unknown;
  /** Done (signed up, link sent): the API's message. */
  done?: string;
}

interface EntryServer {
  renderPage(
    url: string,
    options: { fetch: typeof fetch; appUrl: string; postback?: Postback },
  ): Promise<RenderedPage>;
  /** The page's address with only the query parameters it reads, in name order. */
  pageAddress(url: string): string;
  /** A page rendered for one visitor alone, from the whole address (never kept). */
  isPrivateRender(url: string): boolean;
  /** A signed-in page answered with its frame: the same for everyone (kept), not indexed. */
  isFrame(url: string): boolean;
}

/** Where the SSR build lies inside the web build. */
export const SSR_ENTRY = path.join('ssr', 'entry-server.js');

/** The read cache's scope of rendered pages (READ_CACHE_SCOPES). */
const PAGE_SCOPE = 'page';

/** The built index.html cut where a page's parts go. */
interface Template {
  beforeHead: string;
  /** From after the head's title and description to the root element's opening tag's end. */
  headToRoot: string;
  /** After `<div id="root">`'s closing tag. */
  afterRoot: string;
}

const ROOT = '<div id="root"></div>';

/** Cuts index.html: its <title> and description give way to the page's head tags. */
export function parseTemplate(html: string): Template {
  const title = /<title>[\s\S]*?<\/title>/i.exec(html);
  if (!title) throw new Error('index.html has no <title>');
  const rest = html
    .slice(title.index + title[0].length)
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/i, '');
  const root = rest.indexOf(ROOT);
  if (root < 0) throw new Error(`index.html has no ${ROOT}`);
  return {
    beforeHead: html.slice(0, title.index),
    headToRoot: rest.slice(0, root),
    afterRoot: rest.slice(root + ROOT.length),
  };
}

/** The whole document of a rendered page. */
export function fillTemplate(template: Template, page: RenderedPage): string {
  const root =
    page.mode === 'hydrate'
      ? `<div id="root" data-ssr="hydrate">${page.html}</div>${page.state}`
      : page.mode === 'frame'
        ? `<div id="root" data-ssr="frame">${page.html}</div>`
        : `<div id="root">${page.html}</div>`;
  return template.beforeHead + page.head + template.headToRoot + root + template.afterRoot;
}

/** A page the server could not render: the app's index.html as it is built. */
const FAILED_PAGE: RenderedPage = {
  status: 200,
  mode: 'client',
  html: '',
  head: '<title>TrustLinks</title>',
  state: '',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A client past its renders: the app's shell, which the browser renders itself from the address
 * (its reads go to the API like any navigation); the message is what a reader without
 * JavaScript, or a crawler told to come back later (429), sees.
 */
const BUSY_PAGE: RenderedPage = {
  status: 200,
  mode: 'static',
  html: `<p style="margin:2rem;font-family:system-ui,sans-serif">${escapeHtml(PAGES_MESSAGES.tooManyRenders)}</p>`,
  head: '<title>TrustLinks</title>\n    <meta name="robots" content="noindex" />',
  state: '',
};

export interface PageRenderer {
  /** Answers a GET of a page of the app (not an asset, not /api). */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /**
   * Answers a form the browser posted itself with its page showing `postback`, with `status`:
   * rendered for this request alone (never kept: it is one person's), `no-store`, `noindex`.
   */
  answerPost(
    request: FastifyRequest,
    reply: FastifyReply,
    postback: Postback,
    status: number,
  ): Promise<FastifyReply>;
}

/**
 * The renderer of the web build in `distDir`, or undefined when it has no SSR build (an API-only
 * checkout, a test's made-up build): then the app's index.html answers every page as before.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
): Promise<PageRenderer | undefined> {
  const entryPath = path.join(distDir, SSR_ENTRY);
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(entryPath) || !fs.existsSync(indexPath)) return undefined;
  const entry = (await import(pathToFileURL(entryPath).href)) as EntryServer;
  const template = parseTemplate(fs.readFileSync(indexPath, 'utf8'));
  const appUrl = app.config.APP_URL;
  const maxRenders = app.config.PAGE_RENDERS_PER_CLIENT_PER_MINUTE;
  const renders = new ClientWindows(MINUTE_MS);

  /**
   * The app's reads, answered by the API in-process, counted against the address of the visitor
   * whose page is being rendered (several render at once: the address travels with the render).
   */
  const visitor = new AsyncLocalStorage<string>();
  const inProcessFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const answer = await app.inject({
      method: 'GET',
      url: String(input),
      headers: { accept: 'application/json' },
      remoteAddress: visitor.getStore() ?? '127.0.0.1',
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    const type = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  }) as typeof fetch;

  /**
   * A page that is not kept: its status is not 200 (an unknown address), or it is rendered in the
   * browser. A signed-in page's frame is kept: nothing in it depends on who asks
   * (docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in pages' frame").
   */
  class Uncached {
    constructor(readonly page: RenderedPage) {}
  }

  /**
   * Renders the page; `sources` gets what its reads showed (collectReadSources), so the kept page
   * goes with the writes that change one of them (docs/decisions/029-long-lived-read-cache.md).
   */
  const render = async (
    request: FastifyRequest,
    address: string,
    sources: { tags: string[] | null },
  ): Promise<Buffer> => {
    const { value: page, tags } = await collectReadSources(() =>
      visitor.run(request.ip, () => entry.renderPage(address, { fetch: inProcessFetch, appUrl })),
    );
    sources.tags = tags;
    if (page.status !== 200 || (page.mode !== 'hydrate' && page.mode !== 'frame')) {
      throw new Uncached(page);
    }
    return Buffer.from(fillTemplate(template, page));
  };

  /**
   * A page rendered for this request alone, from its whole address (a posted form's answer, a
   * mailed link's page): `no-store`, `noindex`, never in the read cache.
   */
  const renderAlone = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    postback?: Postback,
  ): Promise<FastifyReply> => {
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8');
    try {
      const page = await visitor.run(request.ip, () =>
        entry.renderPage(request.url, {
          fetch: inProcessFetch,
          appUrl,
          ...(postback ? { postback } : {}),
        }),
      );
      return await reply.status(status).send(fillTemplate(template, page));
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed');
      return reply.status(500).send(fillTemplate(template, FAILED_PAGE));
    }
  };

  return {
    answerPost: (request, reply, postback, status) => renderAlone(request, reply, status, postback),

    async send(request, reply) {
      reply.header('cache-control', 'no-cache');
      // Rendered, and kept, with only the parameters the page reads: utm_*, fbclid or a
      // cache-buster neither make a new render nor show up in the page.
      const address = entry.pageAddress(request.url);
      const key = `${PAGE_SCOPE}:${address}`;
      const cache = app.readCache;
      if (request.readsPrimary || !cache.holds(key)) {
        const at = Date.now();
        const window = renders.count(clientKey(request.ip), at);
        if (window.count > maxRenders) {
          return reply
            .status(429)
            .header('retry-after', String(renders.secondsLeft(window, at)))
            .header('x-robots-tag', 'noindex')
            .type('text/html; charset=utf-8')
            .send(fillTemplate(template, BUSY_PAGE));
        }
      }
      // A mailed link's page: rendered with its token for this visitor, never kept.
      if (entry.isPrivateRender(request.url)) return renderAlone(request, reply, 200);
      // A signed-in page's frame, kept like a public page, is still no page for search engines.
      if (entry.isFrame(request.url)) reply.header('x-robots-tag', 'noindex');
      const sources: { tags: string[] | null } = { tags: null };
      try {
        return await sendCachedBody(
          reply,
          cache,
          key,
          () => render(request, address, sources),
          'text/html; charset=utf-8',
          () => sources.tags,
        );
      } catch (error) {
        if (!(error instanceof Uncached)) {
          // A read failed (the database is gone): the browser renders the app, which says so.
          request.log.error({ err: error }, 'server rendering failed');
          return reply
            .status(500)
            .type('text/html; charset=utf-8')
            .send(fillTemplate(template, FAILED_PAGE));
        }
        const { page } = error;
        // Private pages and unknown addresses: kept out of search engines (and meta robots too).
        if (page.mode !== 'hydrate') reply.header('x-robots-tag', 'noindex');
        return reply
          .status(page.status)
          .type('text/html; charset=utf-8')
          .send(fillTemplate(template, page));
      }
    },
  };
}
