import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

/** Six hex characters that make a journey's names and addresses its own (specs share one app). */
export const uniqueSuffix = () => randomBytes(3).toString('hex');

/**
 * Collects the uncaught errors of `page` into `problems` (a new list by default), which a journey
 * expects to be empty at its end.
 */
export function collectPageErrors(page: Page, problems: string[] = []): string[] {
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * Waits until the app has hydrated the server-rendered page (main.tsx marks `<html data-app>`):
 * before that its buttons are painted but do nothing.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}
