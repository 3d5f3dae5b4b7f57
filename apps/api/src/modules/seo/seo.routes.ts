import { PAGE_ALIASES } from '@trustlinks/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badgeParamsSchema,
  badgeQuerySchema,
  ogImageParamsSchema,
  sitemapParamsSchema,
} from '@trustlinks/contract/seo';
import { clientKey } from '../../lib/client-key';
import { ClientWindows } from '../../lib/flood-guard';
import { PngMemo, svgToPng } from '../../lib/png-raster';
import { MINUTE_MS } from '../../lib/time';
import { ERROR_MESSAGES } from '../../lib/http-errors';
import {
  badge,
  matchesEtag,
  ogImage,
  resolveAddress,
  robotsTxt,
  SitemapCache,
  sitemapIndex,
  sitemapPage,
} from './seo.service';

const tags = ['seo'];

/** Badges are images on other sites: cached a while, no cookies, nothing but their own styles. */
const BADGE_HEADERS = {
  'cache-control': 'public, max-age=300',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  // helmet's same-origin would stop other sites' <img> from showing it.
  'cross-origin-resource-policy': 'cross-origin',
};
/**
 * Link-preview pictures are fetched by other sites' crawlers and chat apps: the same as badges,
 * kept a little longer, revalidated by their ETag.
 */
const OG_IMAGE_HEADERS = {
  ...BADGE_HEADERS,
  'cache-control': 'public, max-age=600',
  'content-security-policy': "default-src 'none'",
};
const SITEMAP_CACHE_CONTROL = 'public, max-age=600';

/**
 * robots.txt, the sitemap and the embeddable badge (docs/decisions/022,
 * docs/decisions/022-slugs-sitemap-badge.md); outside /api, registered before the SPA fallback.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const cache = new SitemapCache(deps.config.SITEMAP_CACHE_MS);
  const sitemapOptions = {
    appUrl: deps.config.APP_URL,
    pageSize: deps.config.SITEMAP_PAGE_SIZE,
  };

  app.get(
    '/robots.txt',
    { config: { auth: 'public' }, schema: { tags, summary: 'Crawl rules and the sitemap' } },
    async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(deps.config.APP_URL)),
  );

  app.get(
    '/sitemap.xml',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sitemap index: the static pages, approved entities, active offers',
      },
    },
    async (req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', SITEMAP_CACHE_CONTROL)
        .send(await sitemapIndex(deps.forPublicRead(req).db, cache, sitemapOptions)),
  );

  app.get(
    '/sitemaps/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One sitemap page (pages-1, entities-N, offers-N), SITEMAP_PAGE_SIZE addresses',
        params: sitemapParamsSchema,
      },
    },
    async (req, reply) => {
      const xml = await sitemapPage(
        deps.forPublicRead(req).db,
        cache,
        sitemapOptions,
        req.params.file,
      );
      if (xml === null) return reply.status(404).send({ error: ERROR_MESSAGES.notFound });
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', SITEMAP_CACHE_CONTROL)
        .send(xml);
    },
  );

  app.get(
    '/badge/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "An approved entity's embeddable trust badge ({slug}.svg), light or dark",
        params: badgeParamsSchema,
        querystring: badgeQuerySchema,
      },
    },
    async (req, reply) => {
      const outcome = await badge(deps.forPublicRead(req).db, req.params.file, req.query.theme);
      if (outcome.kind === 'missing') {
        return reply.status(404).send({ error: ERROR_MESSAGES.notFound });
      }
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 301);
      reply.headers(BADGE_HEADERS).header('etag', outcome.etag);
      if (matchesEtag(req.headers['if-none-match'], outcome.etag)) {
        return reply.status(304).send();
      }
      return reply.type('image/svg+xml; charset=utf-8').send(outcome.svg);
    },
  );

  // The PNGs drawn, by ETag (OG_IMAGE_CACHE_ENTRIES), and the drawings each client has asked for
  // that were not kept, counted as page renders are (PAGE_RENDERS_PER_CLIENT_PER_MINUTE).
  const pictures = new PngMemo(deps.config.OG_IMAGE_CACHE_ENTRIES);
  const drawings = new ClientWindows(MINUTE_MS);
  app.get(
    '/og/:kind/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          "An approved entity's or a public offer's link-preview picture ({slug}.png, 1200 × 630)",
        params: ogImageParamsSchema,
      },
    },
    async (req, reply) => {
      const outcome = await ogImage(deps.forPublicRead(req).db, req.params.kind, req.params.file);
      if (outcome.kind === 'missing') {
        return reply.status(404).send({ error: ERROR_MESSAGES.notFound });
      }
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 301);
      reply.headers(OG_IMAGE_HEADERS).header('etag', outcome.etag);
      if (matchesEtag(req.headers['if-none-match'], outcome.etag)) {
        return reply.status(304).send();
      }
      if (!pictures.has(outcome.etag)) {
        const at = Date.now();
        const window = drawings.count(clientKey(req.ip), at);
        if (window.count > deps.config.PAGE_RENDERS_PER_CLIENT_PER_MINUTE) {
          return reply
            .status(429)
            .header('cache-control', 'no-store')
            .header('retry-after', String(drawings.secondsLeft(window, at)))
            .send({ error: ERROR_MESSAGES.rateLimited });
        }
      }
      const png = await pictures.get(outcome.etag, () => svgToPng(outcome.svg));
      return reply.type('image/png').send(png);
    },
  );
};

/**
 * The readable addresses (docs/decisions/022): a GET of /entity/{uuid|old slug} or /offer/{…} answers 301
 * to the current slug's address (query kept); an unknown one 404 and a rejected entity 410,
 * through the not-found handler (the page that says so, with that status); the current address
 * goes on to the page. A hook, not a route, so whatever renders the pages keeps its routes.
 */
export function registerAddressRedirects(app: FastifyInstance): void {
  // The status a missing address answers with (404, or 410 for a rejected company): the not-found
  // handler renders the page, and the status is put back just before sending.
  const missing = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    const query = url.indexOf('?');
    const alias = PAGE_ALIASES[query === -1 ? url : url.slice(0, query)];
    if (alias) return reply.redirect(query === -1 ? alias : alias + url.slice(query), 301);
    if (!url.startsWith('/entity/') && !url.startsWith('/offer/')) return;
    const outcome = await resolveAddress(app.deps.forPublicRead(request).db, url);
    if (!outcome || outcome.kind === 'current') return;
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 301);
    // No route serves the address, so the not-found handler renders it (the server-rendered
    // not-found page); its status is put back to this one just before sending.
    missing.set(request, outcome.status);
  });
  app.addHook('onSend', async (request, reply) => {
    const status = missing.get(request);
    // A client past its page renders keeps its 429 (modules/pages, docs/decisions/021).
    if (status !== undefined && reply.statusCode !== 429) reply.code(status);
  });
}
