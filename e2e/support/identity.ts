import type { APIRequestContext } from '@playwright/test';
import { bearer } from './entities';
import { waitForMail } from './inbox';

/** The 6-digit identity code in the newest mail to a business address. */
export async function identityCodeFrom(address: string): Promise<string> {
  // The code stands alone on its line of the plain-text part.
  const [, code] = await waitForMail(address, /\n(\d{6})\r?\n/);
  return code!;
}

/**
 * Verifies an account's identity the real way, through the API: a code is mailed to the
 * business address, read from the SMTP sink and confirmed. For journeys that need a verified user.
 */
export async function verifyIdentityByBusinessEmail(
  request: APIRequestContext,
  account: { token: string },
  address: string,
): Promise<void> {
  const start = await request.post('/api/users/verify-identity', {
    headers: bearer(account),
    data: { verification_method: 'business_email', business_email: address },
  });
  if (!start.ok())
    throw new Error(`verify-identity failed: ${start.status()} ${await start.text()}`);
  const code = await identityCodeFrom(address);
  const confirm = await request.post('/api/users/verify-identity/confirm', {
    headers: bearer(account),
    data: { code },
  });
  if (!confirm.ok()) throw new Error(`confirm failed: ${confirm.status()} ${await confirm.text()}`);
}
