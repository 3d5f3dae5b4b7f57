import type { VerificationStatus } from '@trustlinks/contract/constants';

/**
 * Every text of the admin panel (SPEC §2.9, §4, §8), word for word where the spec gives one.
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
  total: (n: number) => `${n} ${n === 1 ? 'entity' : 'entities'}`, // (ours)
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
  loading: 'Loading users...', // (ours)
  error: (message: string) => `Error: ${message}`, // (ours, like the entities tab)
  fetchFailed: 'Failed to fetch users', // (ours)
  empty: 'No users found.', // (ours)
  emptySearch: (q: string) => `No users match "${q}".`, // (ours)
  total: (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`, // (ours)
  statusFailed: 'Failed to update user status. Please try again.', // (ours)
  retry: 'Try again', // (ours)
  pagesLabel: 'User pages', // (ours)
} as const;
