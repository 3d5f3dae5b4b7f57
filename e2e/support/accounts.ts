import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from './inbox';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  user: Record<string, unknown> & { user_id: string; role: string };
}

/**
 * A real, verified account made the way a person makes one: sign up through the API, open the
 * link from the mail the SMTP sink received, log in. For journeys that start logged in.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'firstName' | 'lastName'>> = {},
): Promise<TestAccount> {
  const email = overrides.email ?? `e2e-${randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'e2e-password-1';
  const firstName = overrides.firstName ?? 'Robin';
  const lastName = overrides.lastName ?? 'Tester';
  const reg = await request.post('/api/users/register', {
    data: { first_name: firstName, last_name: lastName, email, password },
  });
  if (!reg.ok()) throw new Error(`register failed: ${reg.status()} ${await reg.text()}`);
  const [, token] = await waitForMail(email, /verify-email\?token=([A-Za-z0-9_-]+)/);
  const verify = await request.get(`/api/users/verify-email/${token}`);
  if (!verify.ok()) throw new Error(`verify failed: ${await verify.text()}`);
  return logIn(request, email, password, { firstName, lastName });
}

export async function logIn(
  request: APIRequestContext,
  email: string,
  password: string,
  names: { firstName: string; lastName: string } = { firstName: '', lastName: '' },
): Promise<TestAccount> {
  const res = await request.post('/api/users/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: TestAccount['user'] };
  return { email, password, ...names, token: body.token, user: body.user };
}

/**
 * Stores a session in local storage as the login page does (apps/web/src/lib/session.ts). Runs in
 * the browser (`page.evaluate`, an init script, also the tools'), so it uses nothing else.
 */
export function storeSession({ token, user }: { token: string; user: unknown }): void {
  localStorage.setItem('authToken', token);
  localStorage.setItem('currentUser', JSON.stringify(user));
  localStorage.setItem('password_reset_required', 'false');
}

/** Puts the account's session in the page's local storage (as the login page does), then reloads. */
export async function useSession(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/');
  await page.evaluate(storeSession, { token: account.token, user: account.user });
  await page.reload();
}
