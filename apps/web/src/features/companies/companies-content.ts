import { COMPANY_MESSAGES } from '@trustlinks/contract/companies';
import { IDENTITY_MESSAGES } from '@trustlinks/contract/identity';
import { formatCount } from '../../lib/format-number';
import { plural } from '../../lib/plural';

/**
 * Every text of the affiliate company database (docs/product/companies.md, docs/product/validation.md, docs/product/errors.md). Quoted strings of the spec
 * are word for word; the few the spec does not give are marked "ours".
 */

const formatNumber = formatCount;

export const PAGE = {
  title: 'Affiliate Company Database', // ours (the header calls it 'Database')
  subtitle: 'Browse verified affiliate marketing companies',
  verifiedBadge: 'Verified Access',
  limitedBadge: 'Limited Access',
} as const;

export const RESTRICTED = {
  title: 'Access Restricted',
  body: 'Please log in to access the affiliate company database.',
  login: { label: 'Log In', to: '/login' },
} as const;

/** Ours: the visitors' teaser under the restricted card (docs/decisions/053). */
export const TEASER = {
  heading: 'A look inside the database',
  count: (shown: number, total: number) =>
    `The first ${formatNumber(shown)} of ${formatNumber(total)} ${plural(total, 'company', 'companies')}. Log in to search them all; contacts open once your identity is verified.`,
} as const;

export const FILTERS = {
  searchLabel: 'Search companies', // ours
  searchPlaceholder: 'Search by company name…', // ours
  typeLabel: 'Company type', // ours
  allTypes: 'All Types',
} as const;

export const LIST = {
  /** '{shown} of {total} companies found'; a capped search total reads "1,000+". */
  count: (shown: number, total: number, capped: boolean) =>
    `${formatNumber(shown)} of ${formatNumber(total)}${capped ? '+' : ''} ${plural(capped ? Infinity : total, 'company', 'companies')} found`,
  loadMore: (remaining: number, capped: boolean) =>
    `Load More Companies (${formatNumber(remaining)}${capped ? '+' : ''} remaining)`,
  loadingMore: 'Loading more companies…', // ours
  footer: (shown: number, total: number, page: number, pages: number, capped: boolean) =>
    `Showing ${formatNumber(shown)} of ${formatNumber(total)}${capped ? '+' : ''} ${plural(capped ? Infinity : total, 'company', 'companies')} • Page ${formatNumber(page)} of ${formatNumber(pages)}`,
  /** Ours: the list stops at a depth (see docs/decisions/007-company-totals.md). */
  depthReached: (shown: number) =>
    `These are the first ${formatNumber(shown)} results. Narrow your search or filter by type to see others.`,
  empty: 'No companies found',
  emptyHint: 'Try another name or company type.', // ours
  fetchFailed: COMPANY_MESSAGES.fetchFailed,
  tryAgain: 'Try Again',
  columns: { name: 'Company', website: 'Website', type: 'Type', action: 'Action' },
  noWebsite: 'No website', // ours
  viewContacts: 'View Contacts',
  requestAccess: 'Request Access',
  tableLabel: 'Companies', // ours (accessible name of the table region)
} as const;

export const VERIFY = {
  title: 'Verify Your Identity',
  description:
    'Verify who you are to see the email addresses and phone numbers of company contacts.', // ours
  methodLegend: 'Verification method', // ours
  linkedin: {
    label: 'LinkedIn profile', // ours (SPEC: a professional-network profile URL)
    fieldLabel: 'Profile URL', // ours
    placeholder: 'https://www.linkedin.com/in/your-name',
  },
  businessEmail: {
    label: 'Business email', // ours (SPEC: a business-domain email)
    fieldLabel: 'Business email address', // ours
    placeholder: 'you@yourcompany.com',
  },
  cancel: 'Cancel',
  submit: 'Verify',
  submitting: 'Verifying...',
  failed: IDENTITY_MESSAGES.verificationFailed,
  // Ours (docs/decisions/013): the code step of a business email, and a LinkedIn profile under review.
  codeDescription: 'Enter the 6-digit code we emailed to your business address.',
  codeSentTo: (email: string) => IDENTITY_MESSAGES.codeSent(email),
  codeLabel: 'Verification code',
  codePlaceholder: '••••••',
  resend: 'Send a new code',
  resending: 'Sending...',
  resent: (email: string) => `We sent a new code to ${email}.`,
  otherMethod: 'Use another method',
  pendingReview: IDENTITY_MESSAGES.linkedinPending,
} as const;

export const CONTACTS = {
  title: (company: string) => `${company} - Contacts`,
  accessLevel: 'Access Level:',
  full: 'Full Access',
  limited: 'Limited Access',
  noDetails: 'No contact details available',
  hidden: 'Contact details hidden - verify identity to access',
  empty: 'No contacts available',
  failed: COMPANY_MESSAGES.contactsFailed,
  verify: 'Verify Your Identity',
  close: 'Close',
  email: 'Email', // ours (labels for screen readers)
  phone: 'Phone', // ours
} as const;

/** Logged with the failure of each call (docs/product/errors.md "Wrapper messages"). */
export const WRAPPER_MESSAGES = {
  companies: 'Failed to fetch companies',
  company: 'Failed to fetch company details',
  contacts: 'Failed to fetch company contacts',
  search: 'Failed to search contacts',
} as const;
