import { expect } from '@playwright/test';
import { E2E_INBOX_URL } from './urls';

/** Decodes quoted-printable soft breaks and escapes, enough to read links and passwords. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose decoded text matches `pattern`; returns the match. */
export async function waitForMail(to: string, pattern: RegExp): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${E2E_INBOX_URL}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as string[];
        for (const raw of mails.reverse()) {
          found = decodeMail(raw).match(pattern);
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000, message: `mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}
