import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { uniqueSuffix } from '../support/journey';

// docs/decisions/015-form-binding.md, "Note (2026-11-29)": a form the browser submits itself —
// with JavaScript off, or before the page has hydrated — posts to its page's address; the sign-in,
// sign-up and reset-link request are answered there with the page ("Note (2026-11-29): sign-in
// without JavaScript"), any other form by a 303 back to it (page-posts.test.ts). No address the
// browser visits ever holds what was typed.

/** Every address the page asked for or navigated to (redirects are requests of their own). */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return seen;
}

interface PublicForm {
  name: string;
  path: string;
  submit: string;
  /**
   * How the server answers the post: with the page, showing the form's outcome
   * ("Note (2026-11-29): sign-in without JavaScript"): the sign-in refused (no such account, 401)
   * with the e-mail kept, the sign-up done (201), the reset link sent (200).
   */
  answer: 401 | 201 | 200;
  /** What the page shows once answered. */
  answered: (page: Page, email: string) => Promise<void>;
  /** Fills the form with the e-mail and password given. */
  fill: (page: Page, email: string, password: string) => Promise<void>;
}

const FORMS: PublicForm[] = [
  {
    name: 'login',
    path: '/login',
    submit: 'Sign In',
    answer: 401,
    answered: async (page, email) => {
      await expect(page.getByText('Invalid email or password.')).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Password')).toHaveValue('');
    },
    fill: async (page, email, password) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByLabel('Remember me').check();
    },
  },
  {
    name: 'sign-up',
    path: '/signup',
    submit: 'Create Account',
    answer: 201,
    answered: async (page) => {
      await expect(page.getByText('Please check your email to verify your account')).toBeVisible();
    },
    fill: async (page, email, password) => {
      await page.getByLabel('First Name').fill('Nora');
      await page.getByLabel('Last Name').fill('Noscript');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
    },
  },
  {
    name: 'forgot password',
    path: '/login?forgot=true',
    submit: 'Send Reset Link',
    answer: 200,
    answered: async (page) => {
      await expect(page.getByText('Check your email')).toBeVisible();
    },
    fill: async (page, email) => {
      await page.getByLabel('Email').fill(email);
    },
  },
];

/**
 * Opens the form, fills it, sends it as the browser does without the app, and checks where it went:
 * a POST to the page's own address, answered with the page (`form.answer`, `form.answered`), and
 * not one address with the e-mail or the password in it.
 */
async function submitNatively(page: Page, form: PublicForm): Promise<void> {
  const suffix = uniqueSuffix();
  const email = `nora.${suffix}@example.com`;
  const password = `Pw-${suffix}-secret`;
  const addresses = recordAddresses(page);

  await page.goto(form.path);
  const methods = await page
    .locator('form')
    .evaluateAll((forms) => forms.map((f) => [f.getAttribute('method'), f.getAttribute('action')]));
  expect(methods.length).toBeGreaterThan(0);
  for (const [method, action] of methods) {
    expect(method).toBe('post');
    expect(action).toBeNull();
  }

  await form.fill(page, email, password);
  const posted = page.waitForRequest((request) => request.method() === 'POST');
  await page.getByRole('button', { name: form.submit }).click();
  const post = await posted;
  expect(post.url()).toBe(new URL(form.path, page.url()).href);
  expect((await post.response())?.status()).toBe(form.answer);
  await page.waitForLoadState('load');

  // The page, as the server answered the post: what was typed is in its body where the form
  // keeps it (never a password), never in its address.
  await form.answered(page, email);
  // How the page looks once back (the report keeps it).
  await test.info().attach('after-submit', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  expect(addresses.length).toBeGreaterThan(2);
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replace(/\+/g, ' '));
    expect(decoded, address).not.toContain(email);
    expect(decoded, address).not.toContain(password);
    expect(address, address).not.toContain(suffix);
  }
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const form of FORMS) {
    test(`the ${form.name} form is answered on its page and no address holds the e-mail or password`, async ({
      page,
    }) => {
      await submitNatively(page, form);
    });
  }
});

test.describe('before the page hydrates', () => {
  for (const form of FORMS) {
    test(`the ${form.name} form is answered on its page and no address holds the e-mail or password`, async ({
      page,
    }) => {
      // The app's code never arrives, so the page stays the server's HTML: what a visitor gets
      // while the JavaScript is still on its way (docs/decisions/021-server-rendering.md).
      const blocked: string[] = [];
      await page.route('**/assets/**/*.js', async (route) => {
        blocked.push(route.request().url());
        await route.abort();
      });
      await submitNatively(page, form);
      expect(blocked.length).toBeGreaterThan(0);
      await expect(page.locator('html[data-app="ready"]')).toHaveCount(0);
    });
  }
});
