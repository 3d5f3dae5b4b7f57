import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  registerBodySchema,
  resetPasswordConfirmBodySchema,
} from '@trustlinks/contract/users';
import { USER_MESSAGES } from '@trustlinks/contract/user-messages';
import { HttpError } from '../../errors';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as users from '../users/users.service';
import { signInClient } from '../users/sign-in-client';
import { PAGES_MESSAGES } from './pages.messages';
import type { PageRenderer, Postback } from './pages';

/**
 * The sign-in, sign-up, reset-link and new-password forms the browser posts itself — with JavaScript off, or
 * before the page has hydrated — to their page's own address (apps/web/src/components/ui/form.tsx),
 * answered with that page rendered as it now is (docs/decisions/015-form-binding.md, "Note
 * (2026-11-29): sign-in without JavaScript"):
 * - the same checks and services as the JSON routes (the contract's schemas, users.login with its
 *   lock-out, users.register with its per-network limit, users.forgotPassword,
 *   users.confirmPasswordReset with the token of the page's address), and the flood
 *   guard that counts every request;
 * - only from a page of this site (fromThisSite), else 403 and nothing tried;
 * - refused: the form with the message and what was typed kept, never a password;
 * - done: the page says so; a sign-in's page carries the login's answer in a non-executed script,
 *   which the app stores as a session as after any login (without JavaScript the page says the
 *   account pages need it: the session lives in the browser's storage, decision 021).
 * Every other posted page is still sent back by page-posts.ts.
 */

/** A form's fields are short: these forms are far below this. */
const FORM_BODY_LIMIT = 16 * 1024;

type Fields = Record<string, string>;

/** What a posted form comes to: the page's postback and its status. */
interface Answer {
  postback: Postback;
  status: number;
}

export function registerFormPosts(app: FastifyInstance, pages: PageRenderer): void {
  const appOrigin = new URL(app.config.APP_URL).origin;
  const deps = app.deps;

  /** A refusal of the service (its status and message), or the failure it was. */
  async function attempt(form: Postback['form'], values: Fields, run: () => Promise<Answer>) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError) {
        return { postback: { form, values, error: error.message }, status: error.statusCode };
      }
      throw error;
    }
  }

  /** The contract's schema on the fields: its data, or the form's answer with its messages. */
  function check<S extends z.ZodType>(
    schema: S,
    input: unknown,
    form: Postback['form'],
    values: Fields,
  ): { data: z.output<S> } | Answer {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { data: parsed.data };
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return { postback: { form, values, error: messages.join(' ') }, status: 400 };
  }

  const login = (request: FastifyRequest, fields: Fields) => {
    const values = { email: fields.email ?? '' };
    const checked = check(loginBodySchema, fields, 'login', values);
    if (!('data' in checked)) return checked;
    return attempt('login', values, async () => {
      const result = await users.login(deps, checked.data, signInClient(request));
      if ('mfa_required' in result) {
        const error = PAGES_MESSAGES.secondFactorNeedsScript;
        return { postback: { form: 'login', values, error }, status: 200 };
      }
      const signedIn = loginResponseSchema.parse(result);
      return { postback: { form: 'login', values, signedIn }, status: 200 };
    });
  };

  const forgot = (_request: FastifyRequest, fields: Fields) => {
    const values = { email: fields.email ?? '' };
    // docs/product/validation.md's message for an empty address, as the app's form shows it.
    if (!values.email.trim()) {
      const error = USER_MESSAGES.enterEmailVerify;
      return { postback: { form: 'forgot', values, error }, status: 400 } satisfies Answer;
    }
    const checked = check(forgotPasswordBodySchema, fields, 'forgot', values);
    if (!('data' in checked)) return checked;
    return attempt('forgot', values, async () => {
      const { message } = await users.forgotPassword(deps, checked.data.email);
      return { postback: { form: 'forgot', values, done: message }, status: 200 };
    });
  };

  const signup = (request: FastifyRequest, fields: Fields) => {
    const values = {
      first_name: fields.first_name ?? '',
      last_name: fields.last_name ?? '',
      email: fields.email ?? '',
    };
    const checked = check(registerBodySchema, fields, 'signup', values);
    if (!('data' in checked)) return checked;
    if (fields.password !== fields.confirm) {
      const error = USER_MESSAGES.passwordsDoNotMatch;
      return { postback: { form: 'signup', values, error }, status: 400 } satisfies Answer;
    }
    return attempt('signup', values, async () => {
      const { message } = await users.register(deps, checked.data, request.ip);
      return { postback: { form: 'signup', values: {}, done: message }, status: 201 };
    });
  };

  /** The mailed link's page: its token is in the address the form posts to. */
  const reset = (request: FastifyRequest, fields: Fields) => {
    const values = {};
    const token = (request.query as Record<string, unknown>).token;
    const input = {
      token: typeof token === 'string' ? token : '',
      new_password: fields.new_password,
    };
    const checked = check(resetPasswordConfirmBodySchema, input, 'reset', values);
    if (!('data' in checked)) return checked;
    if (fields.new_password !== fields.confirm_password) {
      const error = USER_MESSAGES.passwordsDoNotMatch;
      return { postback: { form: 'reset', values, error }, status: 400 } satisfies Answer;
    }
    return attempt('reset', values, async () => {
      const { message } = await users.confirmPasswordReset(deps, checked.data);
      return { postback: { form: 'reset', values, done: message }, status: 200 };
    });
  };

  /** Answers one posted form: refused from another site, else as `handle` says. */
  const answer =
    (
      form: (request: FastifyRequest) => Postback['form'],
      handle: (request: FastifyRequest, fields: Fields) => Answer | Promise<Answer>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!fromThisSite(request, appOrigin)) {
        const postback = { form: form(request), values: {}, error: PAGES_MESSAGES.crossSite };
        return pages.answerPost(request, reply, postback, 403);
      }
      const fields = (request.body ?? {}) as Fields;
      const { postback, status } = await handle(request, fields);
      return pages.answerPost(request, reply, postback, status);
    };

  /** /login?forgot=true shows the reset-link request (apps/web login-page.tsx), /login the sign-in. */
  const isForgot = (request: FastifyRequest) =>
    (request.query as Record<string, unknown>).forgot === 'true';

  void app.register(async (scope) => {
    // Only here: the API's routes still take JSON alone (a form body there is a 415).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, formFields(body as string)),
    );
    // As the JSON routes: none of these changes a cached read.
    const options = {
      config: { auth: 'public' as const, clearsReadCache: READ_CACHE_SCOPES.none },
      bodyLimit: FORM_BODY_LIMIT,
      // Pages, not the API: not in its OpenAPI document.
      schema: { hide: true },
    };
    scope.post(
      '/login',
      options,
      answer(
        (request) => (isForgot(request) ? 'forgot' : 'login'),
        (request, fields) => (isForgot(request) ? forgot : login)(request, fields),
      ),
    );
    scope.post(
      '/signup',
      options,
      answer(() => 'signup', signup),
    );
    scope.post(
      '/reset-password',
      options,
      answer(() => 'reset', reset),
    );
  });
}

/** The fields of an urlencoded body (a name given twice keeps its first value). */
function formFields(body: string): Fields {
  const fields: Fields = {};
  for (const [name, value] of new URLSearchParams(body)) fields[name] ??= value;
  return fields;
}

/**
 * Whether the post comes from a page of this site (CSRF). A browser that sends Fetch Metadata
 * (every current one) says so in `Sec-Fetch-Site`, which must be `same-origin`. Without it, the
 * Origin — or without one, the Referer's origin — must be APP_URL's or the request's own host (a
 * proxy may change the scheme); neither header, or `Origin: null` (what the site's
 * `Referrer-Policy: no-referrer` makes a browser send), is refused.
 */
export function fromThisSite(request: FastifyRequest, appOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
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
