import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

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
