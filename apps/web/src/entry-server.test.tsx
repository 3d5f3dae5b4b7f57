import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { saveSession } from './lib/session';
import { buildUser } from './test/factories';

/**
 * The server-rendered pages whose forms a visitor can fill before the page hydrates (or with
 * JavaScript off): every form posts to the page's own address, so nothing typed ever ends up in an
 * address (components/ui/form.tsx; docs/decisions/015-form-binding.md, "Note (2026-11-29)").
 */
const noReads = (async (input: string | URL | Request) => {
  throw new Error(`unexpected read of ${String(input)}`);
}) as typeof fetch;

describe('forms of the server-rendered pages', () => {
  it.each(['/login', '/signup'])(
    '%s: every form has method="post" and no action',
    async (url) => {
      const page = await renderPage(url, { fetch: noReads, appUrl: 'https://trustlinks.example' });
      expect(page.mode).toBe('hydrate');
      const forms = [...page.html.matchAll(/<form\b[^>]*>/g)].map(([tag]) => tag);
      expect(forms.length).toBeGreaterThan(0);
      for (const tag of forms) {
        expect(tag).toMatch(/\smethod="post"/);
        expect(tag).not.toMatch(/\saction=/);
      }
      // The credential fields are in those forms, with the names a native submission sends.
      expect(page.html).toMatch(/<input[^>]*name="password"/);
    },
    60_000,
  );
});

/**
 * A role dashboard's frame (docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in
 * pages' frame"): the server answers the page with what paints before the app runs, the same for
 * everyone, and nothing of whoever is signed in in this browser.
 */
describe("a signed-in page's frame", () => {
  it('/advertiser-dashboard: the layout, heading, intro and tabs, no reads and nothing of a user', async () => {
    // A session in this browser's storage: the server's render never sees one.
    saveSession({
      token: 'secret-token',
      user: buildUser({
        user_id: 'u-zelda',
        role: 'advertiser',
        entity_id: 'e-zelda',
        first_name: 'Zelda',
        last_name: 'Secretname',
        name: 'Zelda Secretname',
        email: 'zelda@example.com',
      }),
    });
    const page = await renderPage('/advertiser-dashboard?tab=messages&utm_source=x', {
      fetch: noReads,
      appUrl: 'https://trustlinks.example',
    });
    expect(page.status).toBe(200);
    expect(page.mode).toBe('frame');
    expect(page.state).toBe('');
    expect(page.head).toContain('<title>Advertiser Dashboard · TrustLinks</title>');
    expect(page.head).toContain('<meta name="robots" content="noindex" />');
    // Its text first paints in the app's font, as the page that replaces it does.
    expect(page.head).toMatch(/<link rel="preload" href="[^"]*inter-latin-wght[^"]*" as="font"/);
    expect(page.html).toMatch(/<h1[^>]*>Advertiser Dashboard<\/h1>/);
    expect(page.html).toMatch(
      /<p class="mt-1[^"]*">Publish offers, follow their clicks and answer affiliate requests.<\/p>/,
    );
    expect(page.html).toContain('role="tablist"');
    for (const tab of ['My Offers', 'Applications', 'Offer Requests', 'Messages', 'Reviews']) {
      expect(page.html).toContain(`>${tab}</button>`);
    }
    // The visitor's layout: the header's log-in link, the footer.
    expect(page.html).toContain('href="/login"');
    expect(page.html).toContain('<footer');
    expect(page.html).not.toMatch(/Zelda|zelda|Secretname|secret-token|u-zelda|e-zelda/);
  });

  it.each([
    ['/affiliate-dashboard', 'Affiliate Dashboard', 'My Requests'],
    ['/network-dashboard', 'Network Dashboard', 'Available Offers'],
  ])('%s: its own heading and tabs', async (url, heading, tab) => {
    const page = await renderPage(url, { fetch: noReads, appUrl: 'https://trustlinks.example' });
    expect(page.mode).toBe('frame');
    expect(page.html).toContain(`>${heading}</h1>`);
    expect(page.html).toContain(`>${tab}</button>`);
  });

  it('other signed-in pages stay the browser’s: no HTML', async () => {
    for (const url of ['/profile', '/user-dashboard', '/admin']) {
      const page = await renderPage(url, { fetch: noReads, appUrl: 'https://trustlinks.example' });
      expect(page.mode).toBe('client');
      expect(page.html).toBe('');
    }
  });
});
