import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginBodySchema, loginResponseSchema } from '@trustlinks/contract/users';
import { HttpError } from '../../errors';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as users from '../users/users.service';
import { signInClient } from '../users/sign-in-client';
import { PAGES_MESSAGES } from './pages.messages';
import type { PageRenderer, Postback } from './pages';

/**
 * The sign-in the browser posts itself — with JavaScript off, or before the page has hydrated —
 * as a form to its page's own address (`POST /login`, apps/web/src/components/ui/form.tsx),
 * answered with the login page rendered as it now is (docs/decisions/015-form-binding.md, "Note
 * (2026-11-29): sign-in without JavaScript"):
 * - the same checks and service as `POST /api/users/login` (the contract's schema, users.login
 *   with its lock-out, the flood guard that counts every request);
 * - only from a page of this site: the Origin (or, without one, the Referer) must be APP_URL's or
 *   the address's own host, else 403 — a form on another site cannot sign anyone in (or out);
 * - refused: the form with the message and the e-mail kept, never the password;
 * - signed in: the page carries the login's answer in a non-executed script, which the app
 *   stores as a session as after any login; without JavaScript the page says the account pages
 *   need it (the session lives in the browser's storage, decision 021).
 * Every other posted page is still sent back by page-posts.ts.
 */

/** A form's fields are short: a sign-in form is far below this. */
const FORM_BODY_LIMIT = 16 * 1024;

export function registerFormPosts(app: FastifyInstance, pages: PageRenderer): void {
  const appOrigin = new URL(app.config.APP_URL).origin;

  void app.register(async (scope) => {
    // Only here: the API's routes still take JSON alone (a form body there is a 415).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, formFields(body as string)),
    );

    scope.post(
      '/login',
      {
        // As POST /api/users/login: a sign-in changes nothing a cached read shows.
        config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
        bodyLimit: FORM_BODY_LIMIT,
      },
      async (request, reply) => {
        if (!fromThisSite(request, appOrigin)) {
          return pages.answerPost(
            request,
            reply,
            { form: 'login', values: {}, error: PAGES_MESSAGES.crossSite },
            403,
          );
        }
        const fields = (request.body ?? {}) as Record<string, string>;
        const values = { email: (fields.email ?? '').slice(0, 320) };
        const refused = (error: string, status: number) =>
          pages.answerPost(request, reply, { form: 'login', values, error }, status);

        const parsed = loginBodySchema.safeParse({
          email: fields.email,
          password: fields.password,
        });
        if (!parsed.success) {
          const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
          return refused(messages.join(' '), 400);
        }
        try {
          const result = await users.login(app.deps, parsed.data, signInClient(request));
          if ('mfa_required' in result) return refused(PAGES_MESSAGES.secondFactorNeedsScript, 200);
          const signedIn: Postback = {
            form: 'login',
            values,
            signedIn: loginResponseSchema.parse(result),
          };
          return pages.answerPost(request, reply, signedIn, 200);
        } catch (error) {
          if (error instanceof HttpError) return refused(error.message, error.statusCode);
          throw error;
        }
      },
    );
  });
}

/** The fields of an urlencoded body (a name given twice keeps its first value). */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) fields[name] ??= value;
  return fields;
}

/**
 * Whether the post comes from a page of this site: its Origin, or without one its Referer's, is
 * APP_URL's origin or the request's own host (a proxy may change the scheme). A browser sends
 * Origin with every form post; neither header (or "null") is refused.
 */
export function fromThisSite(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (!origin || origin === 'null') return false;
  if (origin === appOrigin) return true;
  const host = request.headers.host;
  return Boolean(host) && urlOf(origin)?.host === host;
}

function urlOf(address: string): URL | undefined {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
}

function originOf(address: string | undefined): string | undefined {
  return address ? urlOf(address)?.origin : undefined;
}
