import type { VerificationStatus } from '@trustlinks/contract/constants';
import { plural } from '../../lib/plural';

/**
 * Every text of the admin panel (docs/product/admin.md, docs/product/states.md, docs/product/errors.md), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)".
 */

export const ADMIN_TEXT = {
  title: 'Admin Panel',
  subtitle: 'Manage entities, reviews, and users',
  logout: 'Logout',
  loggingOut: 'Logging out...', // (ours)
  tabsLabel: 'Admin sections', // (ours)
  tabEntities: 'Entity Management',
  tabReviews: 'Review Moderation',
  tabUsers: 'User Management',
  tabIdentityClaims: 'Identity Claims', // (ours, docs/decisions/013)
  // (ours) The review moderation tab is built with the reviews feature.
  reviewsPlaceholderTitle: 'Review moderation arrives with reviews.',
  reviewsPlaceholderHint: 'Pending, approved, rejected and flagged reviews will be moderated here.',
} as const;

export const ENTITY_FILTERS = [
  { value: 'all', label: 'All Entities' },
  { value: 'pending', label: 'Pending Review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type EntityFilter = (typeof ENTITY_FILTERS)[number]['value'];

export const STATUS_LABELS: Record<VerificationStatus, string> = {
  pending: 'Pending', // (ours)
  approved: 'Approved',
  rejected: 'Rejected',
};

export type EntityAction = 'approve' | 'reject' | 'delete';

export const ENTITIES_TEXT = {
  heading: 'Entities', // (ours)
  filterLabel: 'Filter by status', // (ours)
  tableLabel: 'Entities', // (ours)
  colName: 'Name', // (ours)
  colType: 'Type', // (ours)
  colEmail: 'Email', // (ours)
  colStatus: 'Status', // (ours)
  colActions: 'Actions', // (ours)
  id: 'ID', // (ours)
  loading: 'Loading entities...',
  error: (message: string) => `Error: ${message}`,
  fetchFailed: 'Failed to fetch entities',
  empty: (status: string) => `No entities found for "${status}" status.`,
  emptyHint: 'Try adjusting your filter criteria',
  total: (n: number) => `${n} ${plural(n, 'entity', 'entities')}`, // (ours)
  retry: 'Try again', // (ours)
  pagesLabel: 'Entity pages', // (ours)
  noEmail: '—', // (ours)
  view: 'View',
  approve: 'Approve',
  reject: 'Reject',
  delete: 'Delete',
  busy: { approve: 'Approving...', reject: 'Rejecting...', delete: 'Deleting...' },
  success: {
    approve: 'Entity approved successfully!',
    reject: 'Entity rejected successfully!',
    delete: 'Entity deleted successfully!',
  },
  failure: {
    approve: 'Failed to approve entity. Please try again.',
    reject: 'Failed to reject entity. Please try again.',
    delete: 'Failed to delete entity. Please try again.',
  },
  confirmDelete: 'Are you sure you want to delete this entity?',
  confirmDeleteTitle: 'Delete entity', // (ours)
  cancel: 'Cancel', // (ours)
  actionsFor: (name: string) => `Actions for ${name}`, // (ours)
} as const;

export const DETAIL_TEXT = {
  title: 'Entity Details', // (ours)
  close: 'Close Details',
  na: 'N/A',
  basicInfo: 'Basic Information', // (ours)
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  teams: 'Teams',
  linkedin: 'LinkedIn',
  telegram: 'Telegram', // (ours: the registration asks for it, so the admin sees it)
  skype: 'Skype', // (ours: as above)
  address: 'Address',
  website: 'Website',
  created: 'Created',
  type: 'Type',
  statusSection: 'Status & Verification', // (ours)
  status: 'Status',
  userAccount: 'User Account', // (ours)
  accountCreated: 'Created',
  accountNotCreated: 'Not Created',
  loginEmailSentTo: 'Login email sent to',
  lastUpdated: 'Last Updated',
  description: 'Description',
  additionalNotes: 'Additional Notes',
  advertiserSection: 'Advertiser Details', // (ours)
  affiliateSection: 'Affiliate Details', // (ours)
  networkSection: 'Network Details', // (ours)
  companyName: 'Company Name',
  programName: 'Program Name',
  category: 'Category',
  paymentTerms: 'Payment Terms',
  advertisingVerticals: 'Advertising Verticals',
  referralCommission: 'Referral Commission',
  payoutTypes: 'Payout Types',
  signupUrl: 'Signup URL',
  trafficSources: 'Traffic Sources',
  verticals: 'Verticals',
  monthlyRevenue: 'Monthly Revenue',
  minimumPayout: 'Minimum Payout',
  paymentModels: 'Payment Models',
} as const;

export const USERS_TEXT = {
  heading: 'Users', // (ours)
  searchLabel: 'Search users', // (ours)
  searchPlaceholder: 'Search by name or email', // (ours)
  tableLabel: 'Users', // (ours)
  colUser: 'User', // (ours)
  colRole: 'Role', // (ours)
  colStatus: 'Status', // (ours)
  colActions: 'Actions', // (ours)
  id: 'ID', // (ours)
  active: 'active',
  banned: 'banned',
  ban: 'Ban User',
  unban: 'Unban User',
  banning: 'Banning...', // (ours)
  unbanning: 'Unbanning...', // (ours)
  you: 'You', // (ours)
  ownAccountHint: 'You cannot ban your own account.', // (ours; the API's wording)
  adminAccountHint: 'Administrator accounts cannot be banned.', // (ours; the API's wording)
  loading: 'Loading users...', // (ours)
  error: (message: string) => `Error: ${message}`, // (ours, like the entities tab)
  fetchFailed: 'Failed to fetch users', // (ours)
  empty: 'No users found.', // (ours)
  emptySearch: (q: string) => `No users match "${q}".`, // (ours)
  total: (n: number) => `${n} ${plural(n, 'user', 'users')}`, // (ours)
  statusFailed: 'Failed to update user status. Please try again.', // (ours)
  retry: 'Try again', // (ours)
  pagesLabel: 'User pages', // (ours)
  // Ban and unban with a reason (ours, docs/decisions/032).
  banTitle: (name: string) => `Ban ${name}?`,
  unbanTitle: (name: string) => `Unban ${name}?`,
  banDescription:
    'They are signed out at once and cannot sign in; their reviews are hidden until the ban is lifted. The reason is mailed to them and kept in the audit list.',
  unbanDescription:
    'They can sign in again and their held reviews are published again. The reason is mailed to them and kept in the audit list.',
  reasonLabel: 'Reason',
  reasonHint: (min: number, max: number) => `Required, ${min} to ${max} characters.`,
  cancel: 'Cancel',
  reasonShown: (reason: string) => `Reason: ${reason}`,
  auditHeading: 'Audit list',
  auditEmpty: 'No bans, unbans, review decisions or settled message reports yet.',
  auditFailed: 'Could not load the audit list.',
  auditMore: 'Older entries',
  auditNewer: 'Newer entries',
  auditActions: {
    user_banned: 'Banned',
    user_unbanned: 'Unbanned',
    review_approved: 'Review approved',
    review_rejected: 'Review rejected',
    review_flagged: 'Review flagged',
    thread_report_dismissed: 'Message report dismissed',
    thread_message_removed: 'Reported message removed',
  },
  auditBy: (actor: string | null) => `by ${actor ?? 'a removed admin'}`,
} as const;

/** (ours) An owner's change of name, website, email or sign-up URL waiting in the entity detail modal. */
export const ENTITY_CHANGE_TEXT = {
  badge: 'Change pending',
  section: 'Change Waiting for Review',
  hint: "The owner asked for these values. The public page and 'Join' keep the approved ones until you accept.",
  field: 'Field',
  current: 'Approved',
  requested: 'Requested',
  requestedOn: (date: string) => `Requested ${date}`,
  accept: 'Accept Change',
  reject: 'Reject Change',
  accepting: 'Accepting...',
  rejecting: 'Rejecting...',
  accepted: 'Change accepted.',
  rejected: 'Change rejected.',
  failed: 'Failed to update the change. Please try again.',
} as const;

/** (ours, docs/decisions/013) LinkedIn identity claims waiting for an admin ('Identity Claims' tab). */
export const CLAIMS_TEXT = {
  heading: 'Identity Claims',
  filterLabel: 'Show claims',
  tableLabel: 'Identity claims',
  colUser: 'User',
  colProfile: 'Profile URL',
  colAccountAge: 'Account age',
  colSubmitted: 'Submitted',
  colActions: 'Actions',
  loading: 'Loading identity claims...',
  error: (message: string) => `Error: ${message}`,
  fetchFailed: 'Failed to fetch identity claims',
  retry: 'Try again',
  pagesLabel: 'Identity claim pages',
  total: (n: number) => `${n} ${plural(n, 'claim', 'claims')}`,
  empty: {
    pending_review: 'No identity claims waiting for review.',
    approved: 'No approved identity claims yet.',
    rejected: 'No rejected identity claims.',
  },
  emptyHint: 'LinkedIn profiles sent for identity verification appear here.',
  age: (ms: number) => {
    const hours = Math.floor(ms / 3_600_000);
    if (hours < 1) return 'less than an hour';
    if (hours < 24) return `${hours} ${plural(hours, 'hour', 'hours')}`;
    const days = Math.floor(hours / 24);
    return `${days} ${plural(days, 'day', 'days')}`;
  },
  newAccount: 'New account',
  approve: 'Approve',
  reject: 'Reject',
  decided: (status: string, date: string) => `${status} ${date}`,
  noteLabel: 'Note to the user',
  noteOptional: '(optional)',
  noteRequired: '(required)',
  noteHint: 'The user reads this note in the email that tells them your decision.',
  approveTitle: 'Approve identity claim',
  rejectTitle: 'Reject identity claim',
  approveDescription: (name: string) =>
    `${name} will get full access to company contacts. Check that the LinkedIn profile is theirs first.`,
  rejectDescription: (name: string) =>
    `${name} keeps limited access and can try again. Say why the profile does not verify them.`,
  confirmApprove: 'Approve Claim',
  confirmReject: 'Reject Claim',
  approving: 'Approving...',
  rejecting: 'Rejecting...',
  cancel: 'Cancel',
  failed: 'Failed to decide the identity claim. Please try again.',
  openProfile: (name: string) => `LinkedIn profile of ${name} (opens in a new tab)`,
} as const;

export const CLAIM_FILTERS = [
  { value: 'pending_review', label: 'Pending Review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

/** Public warnings in the entity modal (docs/decisions/012; all ours). */
export const WARNINGS_TEXT = {
  section: 'Public warnings',
  hint: 'A warning shows as a banner on the entity page and its offers until it is lifted.',
  none: 'No warnings placed.',
  active: 'Active',
  lifted: (date: string, by: string | null) => `Lifted ${date}${by ? ` by ${by}` : ''}`,
  placedBy: (date: string, by: string | null) => `Placed ${date}${by ? ` by ${by}` : ''}`,
  lift: 'Lift warning',
  lifting: 'Lifting...',
  liftNote: 'Note for the audit list (optional)',
  place: 'Place warning',
  placing: 'Placing...',
  kind: 'Kind',
  text: 'Public text',
  textHint: 'Shown to everyone on the entity page and its offers.',
  date: 'Date',
  audit: 'Audit list',
  auditPlaced: 'Placed',
  auditLifted: 'Lifted',
  loadFailed: 'Could not load the warnings.',
  failed: 'Could not save the warning.',
} as const;

/** (ours, docs/decisions/026) The Contact tab: messages from the Contact page and to companies. */
export const CONTACT_TAB_TEXT = {
  tab: 'Contact',
  filterLabel: 'Show messages',
  filters: { new: 'New', all: 'All' },
  kindSite: 'Contact page',
  kindEntity: (name: string) => `To ${name}`,
  notDelivered: 'Company not told yet (unproven address)',
  new: 'New',
  markRead: 'Mark as read',
  emptyTitle: 'No messages',
  emptyHint: 'Messages sent through the Contact page appear here.',
  failed: 'The messages could not be loaded.',
  previous: 'Previous',
  next: 'Next',
} as const;

/** (ours, docs/decisions/032) What waits on each tab, and the list of active warnings across entities. */
export const WORKLOAD_TEXT = {
  summary: (w: {
    pending_entities: number;
    entity_changes: number;
    pending_reviews: number;
    held_reviews: { new_account: number; burst: number; banned: number };
    open_reports: number;
    identity_claims: number;
    contact_messages: number;
    open_thread_reports: number;
    cap: number;
  }) => {
    const n = (x: number) => (x >= w.cap ? `${w.cap}+` : String(x));
    const held = w.held_reviews.new_account + w.held_reviews.burst + w.held_reviews.banned;
    // A capped count ('50+') is more than one: plural() takes its number.
    const count = (x: number, one: string, many: string) => `${n(x)} ${plural(x, one, many)}`;
    return `Waiting: ${count(w.pending_entities, 'pending entity', 'pending entities')}, ${count(w.entity_changes, 'entity change', 'entity changes')}, ${count(w.pending_reviews, 'pending review', 'pending reviews')} (${n(held)} held), ${count(w.open_reports, 'report', 'reports')}, ${count(w.identity_claims, 'identity claim', 'identity claims')}, ${count(w.contact_messages, 'new message', 'new messages')}, ${count(w.open_thread_reports, 'reported message', 'reported messages')}.`;
  },
  warningsTab: 'Warnings',
  warningsHeading: 'Active warnings',
  warningsHint: 'Public warnings on entities that are not lifted, newest first.',
  warningsTable: 'Active warnings',
  colEntity: 'Entity',
  colWarning: 'Warning',
  colSince: 'Since',
  colBy: 'Placed by',
  open: 'Open entity',
  loading: 'Loading warnings...',
  failed: 'Could not load the warnings.',
  retry: 'Try again',
  empty: 'No active warnings.',
  previous: 'Previous',
  next: 'Next',
  pagesLabel: 'Warning pages',
} as const;

/** The users table's two-factor column (ours, docs/decisions/033). */
export const USERS_MFA_TEXT = {
  colMfa: '2FA',
  on: 'On',
  off: 'Off',
  required: 'Required',
  require: 'Require 2FA',
  unrequire: 'Stop requiring',
  failed: 'Could not change the two-factor requirement. Please try again.',
} as const;
