import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { createVerifiedAccount } from '../support/accounts';
import { waitForMail } from '../support/inbox';
import { uniqueSuffix, waitForApp } from '../support/journey';

// docs/decisions/015-form-binding.md, "Note (2026-11-29): what was typed before hydration is what
// is sent": a person types into a public form the moment it shows — on a slow phone, long before
// the app has taken the server's HTML over — and what they typed is what arrives, never wiped,
// never in an address. The CPU is slowed 6× (as Lighthouse's mobile run does) and the app's code
// is held back a moment, so the typing certainly lands before hydration.

/** Every address the page asked for or navigated to (redirects are requests of their own). */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return seen;
}

/** No recorded address holds any of the secrets (raw, encoded or form-encoded). */
function expectNoSecretIn(addresses: string[], secrets: string[]) {
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replace(/\+/g, ' '));
    for (const secret of secrets) {
      expect(decoded, address).not.toContain(secret);
      expect(address, address).not.toContain(encodeURIComponent(secret));
    }
  }
}

/** A slow phone: the CPU slowed 6× and the app's code arriving late. */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.route('**/assets/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

interface PublicForm {
  name: string;
  /** Where the form is (a function when it needs something made first). */
  path: (page: Page) => Promise<string> | string;
  /** The first field, whose showing is the moment typing starts. */
  first: (page: Page) => ReturnType<Page['getByLabel']>;
  /** Types into every field; returns what the API must receive and the values never in a URL. */
  fill: (
    page: Page,
    suffix: string,
  ) => Promise<{ body: Record<string, unknown>; secrets: string[] }>;
  submit: string;
  /** The API call the form makes. */
  api: string;
}

const FORMS: PublicForm[] = [
  {
    name: 'sign-in',
    path: () => '/login',
    first: (page) => page.getByLabel('Email'),
    fill: async (page, suffix) => {
      const email = `early.${suffix}@example.com`;
      const password = `Early-${suffix}-pw`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      return { body: { email, password }, secrets: [email, password] };
    },
    submit: 'Sign In',
    api: '/api/users/login',
  },
  {
    name: 'sign-up',
    path: () => '/signup',
    first: (page) => page.getByLabel('First Name'),
    fill: async (page, suffix) => {
      const email = `early.${suffix}@example.com`;
      const password = `Early-${suffix}-pw`;
      await page.getByLabel('First Name').fill('Early');
      await page.getByLabel('Last Name').fill(`Typist${suffix}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      return {
        body: { first_name: 'Early', last_name: `Typist${suffix}`, email, password },
        secrets: [email, password],
      };
    },
    submit: 'Create Account',
    api: '/api/users/register',
  },
  {
    name: 'forgot password',
    path: () => '/login?forgot=true',
    first: (page) => page.getByLabel('Email'),
    fill: async (page, suffix) => {
      const email = `early.${suffix}@example.com`;
      await page.getByLabel('Email').fill(email);
      return { body: { email }, secrets: [email] };
    },
    submit: 'Send Reset Link',
    api: '/api/users/forgot-password',
  },
  {
    name: 'reset password',
    path: () => '/reset-password?token=not-a-real-token-but-a-long-enough-one',
    first: (page) => page.getByLabel('New Password', { exact: true }),
    fill: async (page, suffix) => {
      const password = `Early-${suffix}-new`;
      await page.getByLabel('New Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm New Password').fill(password);
      return { body: { new_password: password }, secrets: [password] };
    },
    submit: 'Reset Password',
    api: '/api/users/reset-password/confirm',
  },
  {
    name: 'contact',
    path: () => '/contact',
    first: (page) => page.getByLabel('Your name'),
    fill: async (page, suffix) => {
      const email = `early.${suffix}@example.com`;
      const body = {
        name: `Early Typist ${suffix}`,
        email,
        subject: `Typed early ${suffix}`,
        message: `Every word of this was typed before the page came alive (${suffix}).`,
      };
      await page.getByLabel('Your name').fill(body.name);
      await page.getByLabel('Your email').fill(body.email);
      await page.getByLabel('Subject').fill(body.subject);
      await page.getByLabel('Message').fill(body.message);
      return { body, secrets: [email] };
    },
    submit: 'Send message',
    api: '/api/contact',
  },
];

test.describe('typed the moment the form shows, on a CPU slowed 6×', () => {
  for (const form of FORMS) {
    test(`the ${form.name} form sends what was typed`, async ({ page }) => {
      const addresses = recordAddresses(page);
      await slowPhone(page);
      const suffix = uniqueSuffix();

      await page.goto(await form.path(page), { waitUntil: 'commit' });
      await form.first(page).waitFor({ state: 'visible' });
      const typed = await form.fill(page, suffix);
      // What the phone's owner sees is what they typed; then the app takes the page over.
      await waitForApp(page);
      await expect(form.first(page)).not.toHaveValue('');

      const sent = page.waitForRequest(
        (request: Request) =>
          request.method() === 'POST' && new URL(request.url()).pathname === form.api,
      );
      await page.getByRole('button', { name: form.submit }).click();
      const request = await sent;
      expect(request.postDataJSON()).toMatchObject(typed.body);
      // No message says a filled field is empty.
      await expect(page.getByText(/is required|Please enter|Please fill/i)).toHaveCount(0);

      expectNoSecretIn([...addresses, page.url()], typed.secrets);
    });
  }

  test('a sign-in typed and sent before hydration signs in, with nothing in an address', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const addresses = recordAddresses(page);
    await slowPhone(page);

    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.isNavigationRequest());
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The browser posted the form itself (the app was not there yet): the server signed in.
    const post = await posted;
    expect(new URL(post.url()).pathname).toBe('/login');
    await page.waitForURL(/dashboard/, { timeout: 20_000 });
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();

    expectNoSecretIn([...addresses, page.url()], [account.email, account.password]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-in: a wrong password answers the form with the error and the e-mail kept', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const addresses = recordAddresses(page);
    const wrong = `Wrong-${uniqueSuffix()}-pw`;

    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(wrong);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForLoadState('load');

    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(await page.content()).not.toContain(wrong);

    // Then the right password: signed in, said on the page.
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByText('Login successful!')).toBeVisible();
    await test.info().attach('signed-in-without-js', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });

    expectNoSecretIn([...addresses, page.url()], [account.email, account.password, wrong]);
  });

  test('password reset: the mailed link’s page sets the new password', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const asked = await request.post('/api/users/forgot-password', {
      data: { email: account.email },
    });
    expect(asked.ok()).toBe(true);
    const [, token] = await waitForMail(account.email, /reset-password\?token=([A-Za-z0-9_-]+)/);
    const addresses = recordAddresses(page);
    const next = `Next-${uniqueSuffix()}-pw`;

    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New Password', { exact: true }).fill(next);
    await page.getByLabel('Confirm New Password').fill(next);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByText('Password reset successful!')).toBeVisible();
    expect(await page.content()).not.toContain(next);

    const login = await request.post('/api/users/login', {
      data: { email: account.email, password: next },
    });
    expect(login.ok()).toBe(true);
    expectNoSecretIn([...addresses, page.url()], [next]);
  });
});
