// One person, one voice (docs/decisions/023-one-person-one-voice.md): the normal forms
// that decide when two verified identities are the same mailbox, and which mail providers can
// verify a business identity at all. The LinkedIn profile's normal form is the canonical URL of
// @trustlinks/contract/identity (checkLinkedinProfile), shared with the form.

import type { VerificationMethod } from '@trustlinks/contract/identity';
import freeMailProviders from 'email-providers';
import mailchecker from 'mailchecker';
import { getDomain, parse } from 'tldts';

/**
 * Free mailbox providers that npm `email-providers` does not list (checked against 2.26): Tuta's
 * domains (keemail.me was refused only as 'disposable', by mailchecker) and other providers of
 * personal mailboxes to anyone (docs/decisions/023-one-person-one-voice.md, "Providers").
 */
export const FREE_PROVIDERS_NOT_LISTED = [
  'tuta.com',
  'tuta.io',
  'tutanota.com',
  'tutanota.de',
  'tutamail.com',
  'keemail.me',
  'mailfence.com',
  'posteo.de',
  'posteo.net',
  'startmail.com',
  'fastmail.com',
  'disroot.org',
  'riseup.net',
  'kolabnow.com',
  'zoho.eu',
] as const;

/**
 * The one list of free mailbox providers: the maintained npm `email-providers` (~9,000 domains)
 * and the ones it misses.
 */
const FREE_PROVIDERS: ReadonlySet<string> = new Set([
  ...freeMailProviders,
  ...FREE_PROVIDERS_NOT_LISTED,
]);

/** A business address as we compare it: the mailbox and the organisation's domain. */
export interface BusinessEmailForm {
  /** The mailbox in normal form: lower case, no `+tag`, no dots in the local part. */
  key: string;
  /** The registrable domain (acme.co.uk for ceo@mail.acme.co.uk): one voice per domain. */
  domain: string;
}

/**
 * The normal form of a (well-formed, lower-cased) address, or null when nothing is left of its
 * local part. `+` sub-addressing (RFC 5233, the default of Google Workspace, Microsoft 365,
 * Fastmail, Proton, Postfix…) is dropped, and so are dots, which Google Workspace ignores and
 * which never tell two people at one company apart in practice.
 */
export function businessEmailForm(address: string): BusinessEmailForm | null {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return null;
  const local = lower.slice(0, at).split('+')[0]!.replaceAll('.', '');
  const host = lower.slice(at + 1).replace(/\.$/, '');
  if (!local || !host) return null;
  return { key: `${local}@${host}`, domain: registrableDomain(host) };
}

/**
 * The domain an organisation registered, by the ICANN section of the public suffix list:
 * sub.acme.com → acme.com. The PRIVATE section's suffixes (x.duckdns.org, y.dynv6.net,
 * z.github.io) are sub-domains a service hands to anyone: under it they are its one domain
 * (duckdns.org), never one organisation each (docs/decisions/023; mailProviderRefusal refuses them).
 */
export function registrableDomain(host: string): string {
  return getDomain(host, { allowPrivateDomains: false }) ?? host;
}

/**
 * Whether `host` is a sub-domain of a suffix of the public suffix list's PRIVATE section (a
 * dynamic-DNS, hosting or blog service that gives names under its own to anyone: x.duckdns.org,
 * a.b.dynv6.net, acme.uk.com). The service's own domain (duckdns.org) is not.
 */
export function underSharedSuffix(host: string): boolean {
  const parsed = parse(host, { allowPrivateDomains: true });
  return parsed.isPrivate === true && parsed.domain !== null;
}

/**
 * Why an address cannot verify a business identity: its provider gives mailboxes to anyone
 * ('free', npm `email-providers`) or for a few minutes ('disposable', npm `mailchecker`), or its
 * domain is a sub-domain anyone can get in a minute ('shared': under a suffix of the public
 * suffix list's PRIVATE section, underSharedSuffix). Subdomains of a listed provider count as the
 * provider.
 */
export function mailProviderRefusal(host: string): 'free' | 'disposable' | 'shared' | null {
  const lower = host.toLowerCase().replace(/\.$/, '');
  const candidates = [lower, registrableDomain(lower)];
  if (candidates.some((d) => FREE_PROVIDERS.has(d))) return 'free';
  if (candidates.some((d) => !mailchecker.isValid(`postmaster@${d}`))) return 'disposable';
  if (underSharedSuffix(lower)) return 'shared';
  return null;
}

/**
 * The value that verifies an account: a LinkedIn profile's canonical URL is its normal form
 * already; a business address verifies as its mailbox's normal form and gives the account its
 * domain (one voice per domain in the TrustScore, contact reads counted per domain).
 */
export function identityOf(
  method: VerificationMethod,
  value: string,
): { key: string; domain: string | null } {
  if (method === 'linkedin') return { key: value, domain: null };
  return businessEmailForm(value) ?? { key: value, domain: null };
}
