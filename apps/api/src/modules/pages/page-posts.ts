import type { FastifyInstance } from 'fastify';

/**
 * A form the browser submits itself — before the page has hydrated, or with JavaScript off —
 * posts to its page's address (every form of the web app is `method="post"` with no action,
 * apps/web/src/components/ui/form.tsx; docs/decisions/015-form-binding.md, "Note (2026-11-29)").
 * No route takes it: the answer is `303 See Other` back to the same address, so the person lands
 * on the page again by GET. The body is never read (answered before Fastify parses it), so it is
 * never parsed, echoed or logged, whatever its type or size; /api and every route keep their own
 * answers (an /api route still refuses a form body with 415).
 */
export function registerPagePosts(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !request.is404 || isApiPath(request.url)) return;
    return reply
      .status(303)
      .header('location', samePage(request.url))
      .header('cache-control', 'no-store')
      .send();
  });
}

/** An address of the API (its path is /api or under it), with or without a query. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The address posted to, as a path of this site: leading slashes and backslashes become one
 * slash, so `//evil.example/x` (which a browser reads as another host) stays here.
 */
export function samePage(url: string): string {
  return url.replace(/^[/\\]+/, '/');
}
