import type { OfferStatus } from '@trustlinks/contract/offers';
import { ENTITY_TYPE_LABELS } from '../../lib/entity-type-labels';

/**
 * Every text of the role dashboards (docs/product/dashboards.md, docs/product/validation.md, docs/product/errors.md), word for word where the spec
 * gives one. Texts the spec does not give are marked "(ours)".
 */

/** The user dashboard's frame (docs/product/dashboards.md#user-dashboard); its tabs hold the user's reviews. */
export const USER_DASHBOARD_TEXT = {
  title: 'Dashboard',
  logout: 'Logout', // (as the admin panel)
  tabsLabel: 'Dashboard sections', // (ours)
  tabOverview: 'Overview',
  tabMyReviews: 'My Reviews',
  tabActivity: 'Activity',
  welcome: (name: string) => `Welcome back, ${name}!`,
  /** A new account's greeting (ours, docs/decisions/047-wording-that-is-true.md). */
  welcomeNew: (name: string) => `Welcome, ${name}!`,
  welcomeHint: 'Here is what is happening with your reviews.', // (ours)
} as const;

export const ROLE_DASHBOARD_TEXT = {
  advertiser: {
    title: 'Advertiser Dashboard',
    subtitle: 'Publish offers, follow their clicks and answer affiliate requests.', // (ours)
    accessDenied: 'Access denied. Advertiser role required.',
  },
  affiliate: {
    title: 'Affiliate Dashboard',
    subtitle: 'Post what traffic you have, collect counter offers and find offers to run.', // (ours)
    accessDenied: 'Access denied. Affiliate role required.',
  },
  network: {
    title: 'Network Dashboard',
    subtitle: 'Your offers, your requests and the open requests of others.', // (ours)
    accessDenied: 'Access denied. Network role required.',
  },
} as const;

export const DASHBOARD_TEXT = {
  tabsLabel: 'Dashboard sections', // (ours)
  tabMyOffers: 'My Offers',
  tabMyRequests: 'My Requests',
  tabOfferRequests: 'Offer Requests', // (ours) the open requests of other entities
  tabAvailableOffers: 'Available Offers', // (ours)
  tabReviews: 'Reviews',
  goToDashboard: 'Go to your dashboard', // (ours)
  closeDialog: 'Close dialog', // (ours) the corner button where the footer has 'Close'

  // Buttons that open the create modals
  createNewOffer: 'Create New Offer',
  createOfferButton: '+ Create Offer',
  createRequestButton: '+ Create Request',
  createOfferRequestButton: '+ Create Offer Request',

  // Reviews tab placeholder (the reviews feature provides the panel)
  reviewsTitle: 'Entity Reviews',
  reviewsPlaceholder: 'The reviews of your company will be shown here.', // (ours)

  // Errors (docs/product/errors.md)
  loadDashboardFailed: 'Failed to load dashboard data',
  fetchOffersFailed: 'Failed to fetch your offers',
  fetchRequestsFailed: 'Failed to fetch offer requests',
  fetchAvailableFailed: 'Failed to fetch available offers',
  fetchMyRequestsFailed: 'Failed to fetch your requests',
  notAuthenticated: 'User not properly authenticated',
  tryAgain: 'Try Again', // (ours; same as the wishlist)
  loadMore: 'Load More', // (ours)
  loadingMore: 'Loading...', // (ours)
} as const;

export const MY_OFFERS_TEXT = {
  empty: 'No offers created yet.',
  emptyHint: 'Publish your first offer so affiliates can find it.', // (ours)
  loading: 'Loading your offers...', // (ours)
  clicks: 'Clicks', // (ours)
  conversions: 'Conversions', // (ours)
  expires: 'Expires', // (ours)
  pause: 'Pause', // (ours)
  activate: 'Activate', // (ours)
  close: 'Close Offer', // (ours)
  delete: 'Delete', // (ours)
  deleteTitle: 'Delete this offer?', // (ours)
  deleteBody: 'Are you sure you want to delete this offer? This cannot be undone.', // (ours)
  statusFailed: 'Failed to update offer status', // (ours)
  deleteFailed: 'Failed to delete offer', // (ours)
  actionsFor: 'Actions for', // (ours)
} as const;

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  active: 'Active',
  paused: 'Paused', // (ours)
  closed: 'Closed', // (ours)
  private: 'Private', // (ours, docs/decisions/048: runs for its partners, listed nowhere)
};

export const REQUEST_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  fulfilled: 'Fulfilled', // (ours)
  closed: 'Closed', // (ours)
};

export const MY_REQUESTS_TEXT = {
  empty: 'No requests created yet.',
  emptyHint: 'Describe your traffic and advertisers will send you counter offers.', // (ours)
  loading: 'Loading your requests...', // (ours)
  vertical: 'Vertical', // (ours)
  geos: 'GEOs', // (ours)
  trafficVolume: 'Traffic Volume', // (ours)
  perDay: '/day', // (ours)
  desiredPayout: 'Desired Payout', // (ours)
  viewBids: 'View Bids',
  worldwide: 'Any GEO', // (ours)
} as const;

export const BIDS_TEXT = {
  title: 'Bids', // (ours)
  description: 'Counter offers received for', // (ours)
  loading: 'Loading bids...', // (ours)
  empty: 'No bids yet for this request.', // (ours)
  failed: 'Failed to load bids', // (ours)
  amount: 'Offer Amount', // (ours)
  notes: 'Notes', // (ours)
  received: 'Received', // (ours)
  close: 'Close',
  // Answering a bid (ours, decision 030).
  bidFrom: 'Bid from',
  offer: 'Offer:',
  statuses: { open: 'Open', accepted: 'Accepted', declined: 'Declined', withdrawn: 'Withdrawn' },
  decisionNote: 'Note to the bidder',
  optional: '(optional)',
  accept: 'Accept',
  decline: 'Decline',
  acceptHint: 'Accepting applies your company to this offer, approved, so tracking starts.',
  decideFailed: 'Failed to answer the bid',
  yourNote: 'Your note:',
  trackingStarted: 'You now run this offer: your tracking link is under My Applications.',
} as const;

export const OTHERS_REQUESTS_TEXT = {
  heading: 'Open requests from affiliates and networks', // (ours)
  empty: 'No open offer requests right now.', // (ours)
  loading: 'Loading offer requests...', // (ours)
  by: 'by', // (ours)
  submitCounterOffer: 'Submit Counter Offer',
  budget: 'Budget', // (ours)
  notes: 'Notes', // (ours)
} as const;

export const COUNTER_OFFER_TEXT = {
  title: 'Submit Counter Offer',
  request: 'Request', // (ours)
  vertical: 'Vertical', // (ours)
  desiredPayout: 'Desired Payout', // (ours)
  amount: 'Your Offer Amount',
  amountPlaceholder: '0.00', // (ours)
  amountRequired: 'Please enter your offer amount.', // (ours)
  notes: 'Additional Notes',
  notesPlaceholder: 'Offer details, caps, payment terms...', // (ours)
  payoutModel: 'Payout model', // (ours, docs/decisions/030; RevShare: the amount is a percentage)
  offer: 'One of your offers', // (ours)
  optional: '(optional)', // (ours)
  offerHint: 'The requester can open it; accepting starts tracking on it.', // (ours)
  noOffer: 'No offer', // (ours)
  submit: 'Submit Offer',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  failed: 'Failed to submit bid',
  success: 'Counter offer submitted successfully!', // the API's message, used if it sends none
} as const;

export const AVAILABLE_OFFERS_TEXT = {
  heading: 'Offers you can run', // (ours)
  empty: 'No offers available right now.', // (ours)
  loading: 'Loading offers...', // (ours)
  viewDetails: 'View Details', // (ours)
  worldwide: 'Worldwide', // (ours; as on the offer page)
  /** Marks an offer already applied to (docs/decisions/027), e.g. 'Applied · Pending'. */
  applied: (status: string) => `Applied · ${status}`, // (ours)
} as const;

export const OFFER_DETAILS_TEXT = {
  title: 'Offer Details',
  description: 'Review and apply to this offer',
  category: 'Category', // (ours)
  payout: 'Payout', // (ours)
  geos: 'GEOs', // (ours)
  advertiser: 'Advertiser', // (ours)
  requirements: 'Requirements', // (ours)
  landingPage: 'Landing Page', // (ours)
  about: 'Description', // (ours)
  opensInNewTab: '(opens in a new tab)', // (ours)
  loadingDetails: 'Loading the offer’s details…', // (ours, decision 043)
  detailsFailed: 'The offer’s details could not be loaded.', // (ours, decision 043)
  retry: 'Try again', // (ours)
  apply: 'Apply to Offer',
  applying: 'Applying...',
  close: 'Close',
  failed: 'Failed to apply to offer',
  message: 'Message to the offer’s owner', // (ours, docs/decisions/014)
  messagePlaceholder: 'Your traffic sources, GEOs and volumes...', // (ours)
  optional: '(optional)', // (ours)
} as const;

export const CREATE_OFFER_TEXT = {
  advertiserTitle: 'Create New Offer',
  networkTitle: 'Create Offer', // (ours; the network's button says '+ Create Offer')
  description: 'Publish an offer for affiliates to run.', // (ours)
  basicInformation: 'Basic Information',
  targetingAndPayout: 'Targeting and Payout',
  additionalSettings: 'Additional Settings',
  offerTitle: 'Offer Title',
  category: 'Category',
  categoryHint: 'Pick one or type your own.', // (ours)
  description_: 'Description',
  targetGeos: 'Target GEOs',
  targetGeosHint: 'Comma-separated country codes, e.g. US, GB, DE', // (ours)
  landingPage: 'Landing Page URL',
  payoutType: 'Payout Type',
  payoutValue: 'Payout Value',
  payoutValueRevShareHint: 'A percentage, e.g. 40%', // (ours)
  requirements: 'Requirements',
  dailyCap: 'Daily cap (conversions)', // (ours, docs/decisions/030)
  monthlyCap: 'Monthly cap (conversions)', // (ours)
  capHint: 'Leave empty for no cap.', // (ours)
  fallbackUrl: 'Fallback URL while a cap is reached', // (ours, docs/decisions/049)
  fallbackUrlHint:
    'Visitors of your tracking links go here instead of the landing page once the daily or monthly cap is reached. Leave empty to keep sending them to the landing page.', // (ours)
  trafficAllowed: 'Allowed traffic types', // (ours)
  trafficForbidden: 'Forbidden traffic types', // (ours)
  trafficHint: 'Comma-separated', // (ours)
  expiresAt: 'Expires At',
  optional: '(optional)', // (ours)
  submit: 'Create Offer',
  submitting: 'Creating Offer...',
  cancel: 'Cancel',
  failed: 'Failed to create offer',
  fixErrors: 'Please correct the highlighted fields.', // (ours)
  success: 'Offer created successfully!', // the API's message, used if it sends none
} as const;

/** Editing an offer (ours, decision 030): the create form's fields, prefilled. */
export const EDIT_OFFER_TEXT = {
  edit: 'Edit',
  title: 'Edit Offer',
  description:
    'Stats, applications and tracking links are kept. Affiliates running the offer are told when its payout, landing page or GEOs change.',
  submit: 'Save Changes',
  submitting: 'Saving...',
  cancel: 'Cancel',
  failed: 'Failed to update offer',
  fixErrors: 'Please correct the highlighted fields.',
  success: 'Offer updated successfully.', // the API's message, used if it sends none
} as const;

export const CREATE_REQUEST_TEXT = {
  title: 'Create Offer Request',
  description: 'Tell advertisers and networks what traffic you have.', // (ours)
  requestTitle: 'Title',
  vertical: 'Vertical',
  targetGeos: 'Target GEOs',
  trafficTypes: 'Traffic Types',
  platforms: 'Platforms Used',
  commaHint: 'Comma-separated', // (ours)
  volume: 'Daily Traffic Volume',
  payoutType: 'Desired Payout Type',
  budgetRange: 'Budget Range',
  budgetMin: 'Minimum ($)', // (ours, docs/decisions/027: two number fields instead of JSON)
  budgetMax: 'Maximum ($)', // (ours)
  budgetHint: 'Fill both, or leave both empty.', // (ours)
  notes: 'Notes',
  expiresAt: 'Expires At',
  optional: '(optional)', // (ours)
  submit: 'Create Request',
  submittingAffiliate: 'Creating...',
  submittingNetwork: 'Creating Request...',
  cancel: 'Cancel',
  failed: 'Failed to create offer request',
  fixErrors: 'Please correct the highlighted fields.', // (ours)
  success: 'Offer request created successfully!', // the API's message, used if it sends none
} as const;

/** Applications to offers and their tracking (docs/decisions/014); all ours. */
/** The Messages tab (ours, docs/decisions/026): members' messages to the company. */
export const MESSAGES_TEXT = {
  tab: 'Messages',
  loading: 'Loading messages…',
  failed: 'The messages could not be loaded.',
  empty: 'No messages yet',
  emptyHint:
    'When a member asks to join your program from your company page, their message shows here.',
  intro:
    'Members wrote these through your company page. Each name is the one the member gave; beside it, what TrustLinks verified about them. The text is theirs, not ours.',
  from: (name: string) => `From “${name}”`,
} as const;

export const APPLICATIONS_TEXT = {
  tabReceived: 'Applications',
  tabMine: 'My Applications',
  filterLabel: 'Status',
  filterAll: 'All',
  statusLabels: {
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
    revoked: 'Revoked', // (ours, docs/decisions/025)
  },
  loading: 'Loading applications...',
  failed: 'Failed to load applications',
  emptyReceived: 'No applications yet.',
  emptyReceivedHint: 'When affiliates and networks apply to run your offers, they appear here.',
  emptyMine: 'You have not applied to any offer yet.',
  emptyMineHint: 'Open Available Offers and apply to the offers you want to run.',
  emptyFiltered: 'No applications with this status.',
  pagesLabel: 'Pages of applications',
  typeLabels: ENTITY_TYPE_LABELS,
  trustScore: 'TrustScore',
  /** What the applicant said when applying, for the owner who decides (docs/decisions/051). */
  trafficSources: 'Traffic sources',
  toOffer: 'Offer',
  by: 'by',
  applied: 'Applied',
  decided: 'Decided',
  message: 'Message',
  note: 'Note',
  approve: 'Approve',
  reject: 'Reject',
  withdraw: 'Withdraw',
  approveTitle: 'Approve this application?',
  rejectTitle: 'Reject this application?',
  approveBody: (name: string, offer: string) =>
    `${name} gets a tracking link for “${offer}” and is notified.`,
  rejectBody: (name: string, offer: string) =>
    `${name} is told that you rejected its application to run “${offer}”.`,
  noteLabel: 'Note to the applicant',
  notePlaceholder: 'Caps, allowed traffic, payment terms...',
  // Revoking an approved application (docs/decisions/025). (ours)
  revoke: 'Revoke',
  revokeTitle: 'Revoke this application?',
  revokeBody: (name: string, offer: string) =>
    `${name}’s tracking link for “${offer}” stops at once (no more clicks are counted) and ${name} is notified with your note.`,
  revokeNoteLabel: 'Reason, sent to the applicant',
  revokeNotePlaceholder: 'Traffic source not allowed, fraud signals, campaign ended...',
  withdrawTitle: 'Withdraw this application?',
  withdrawBody: 'The offer’s owner will no longer see it as pending. You can apply again later.',
  cancel: 'Cancel',
  decideFailed: 'Failed to update the application',
  trackingLink: 'Tracking link',
  copy: 'Copy link',
  copied: 'Tracking link copied.',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  offerApplications: 'Applications',
  offerApplicationsTitle: (title: string) => `Applications to “${title}”`,
  offerApplicationsDescription: 'Approve an applicant to give it a tracking link.',
} as const;

/** Tracking figures on offer and application cards (docs/decisions/014); all ours. */
export const TRACKING_TEXT = {
  conversionRate: 'Conv. rate',
  epc: 'EPC',
  epcHint: 'Earnings per click: reported payouts divided by clicks.',
  payout: 'Payout',
  postback: 'Postback',
  postbackTitle: 'Postback setup',
  postbackDescription:
    'Your tracker reports each conversion to this address, server to server. Keep the secret private.',
  postbackUrl: 'Postback URL',
  secret: 'Secret',
  showSecret: 'Show secret',
  hideSecret: 'Hide secret',
  postbackHelp:
    'Append the click_id we add to your landing page URL; payout is optional (the offer’s fixed payout is used otherwise).',
  // Rotating the secret (docs/decisions/025). (ours)
  rotateSecret: 'New secret',
  rotateConfirmBody:
    'A new secret replaces this one at once: postbacks with the old secret are refused until your tracker uses the new one.',
  rotateConfirm: 'Replace secret',
  rotateCancel: 'Keep current secret',
  rotateFailed: 'Failed to create a new secret',
  close: 'Close',
  // Postback tooling (docs/decisions/049). (ours)
  copyUrl: 'Copy URL',
  copiedUrl: 'Postback URL copied, with its secret.',
  copyUrlFailed: 'Could not copy. Show the secret, then select the URL and copy it yourself.',
  sendTest: 'Send a test conversion',
  sendingTest: 'Sending…',
  testFailed: 'The test conversion could not be sent.',
  testHint:
    'A test is logged below and marked test: it is never paid and never counted. Your tracker can send one too with test=1.',
  logTitle: 'Last postbacks',
  logHint: (limit: number) =>
    `The last ${limit} postbacks of this offer: what each carried (never the secret) and what we answered.`,
  logEmpty: 'No postback has arrived yet.',
  logLoading: 'Loading the postbacks…',
  logFailed: 'The postbacks could not be loaded.',
  logReceived: 'Received (UTC)',
  logCarried: 'Carried',
  logAnswer: 'Our answer',
  logTest: 'Test',
} as const;

/** An offer's caps as an approved affiliate sees what is left (docs/decisions/049; ours). */
export const CAP_LEFT_TEXT = {
  label: 'Cap left',
  today: (left: number, cap: number | null) =>
    cap === null ? `${left} conversions left today` : `${left} of ${cap} conversions left today`,
  month: (left: number, cap: number) => `${left} of ${cap} left this month`,
  reached: 'Cap reached: conversions are not paid until it resets (00:00 UTC).',
} as const;

/** Conversions in Results and their status (docs/decisions/049; ours). */
export const CONVERSIONS_TEXT = {
  heading: 'Conversions',
  hint: 'The newest conversions of the period. Rejected conversions and those over a cap are not paid and not in the figures above.',
  counts: (c: {
    pending: number;
    approved: number;
    rejected: number;
    paid: number;
    over_cap: number;
  }) =>
    `Pending ${c.pending} · Approved ${c.approved} · Rejected ${c.rejected} · Paid ${c.paid} · Over cap ${c.over_cap}`,
  empty: 'No conversions in this period.',
  convertedAt: 'Converted (UTC)',
  offer: 'Offer',
  affiliate: 'Affiliate',
  sub1: 'sub1',
  payout: 'Payout',
  status: 'Status',
  statuses: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', paid: 'Paid' },
  overCap: 'Over cap (not paid)',
  reason: (reason: string) => `Reason: ${reason}`,
  setStatus: 'Set status',
  setStatusTitle: 'Set the conversion’s status',
  setStatusDescription: (clickId: string) =>
    `Conversion ${clickId}. The affiliate sees the status, and the reason of a rejection, in its Results.`,
  newStatus: 'Status',
  reasonLabel: 'Reason (shown to the affiliate)',
  reasonPlaceholder: 'Duplicate lead, fraud signals, chargeback...',
  save: 'Save status',
  saving: 'Saving…',
  cancel: 'Cancel',
  failed: 'The status could not be saved.',
  exportCsv: 'Export conversions CSV',
} as const;

/** Saved searches on the dashboards (docs/decisions/028, ours). */
export const SAVED_SEARCHES_TEXT = {
  heading: 'Saved searches',
  hint: 'New offers that match a saved search are shown behind the bell once a day, and mailed per your notification settings.',
  empty: 'No saved searches yet.',
  explore: 'Search the offers and save a search.',
  failed: 'Saved searches could not be loaded.',
  actionFailed: 'That did not work. Please try again.',
  nameLabel: 'Name',
  save: 'Save',
  cancel: 'Cancel',
  rename: 'Rename',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete the saved search “${name}”`,
} as const;

/** The embeddable trust badge on an entity's dashboard (docs/decisions/022); all ours. */
export const BADGE_TEXT = {
  title: 'Your TrustLinks badge',
  summary: 'Show your TrustScore on your own site',
  description:
    'Show your TrustScore on your own site: paste this HTML where the badge should appear. It links to your TrustLinks page and updates by itself.',
  themeLabel: 'Badge style',
  light: 'Light',
  dark: 'Dark',
  preview: (name: string) => `${name} on TrustLinks`,
  codeLabel: 'Badge HTML',
  copy: 'Copy HTML',
  copied: 'Badge HTML copied.',
  copyFailed: 'Could not copy. Select the HTML and copy it yourself.',
} as const;

/** Results over time on the dashboards (docs/decisions/031); all ours. */
export const RESULTS_TEXT = {
  tab: 'Results',
  heading: 'Results over time',
  intro: 'Clicks, conversions and payouts per day. Days are UTC.',
  sourceLabel: 'Show results for',
  mySources: 'All offers I run (per offer)',
  allOwnOffers: 'All my offers (per offer)',
  offerSource: (title: string) => `My offer: ${title} (per affiliate)`,
  noSources: 'Results appear here once you have an offer or an approved application.',
  periodLabel: 'Period',
  periods: { today: 'Today', '7d': '7 days', '30d': '30 days', custom: 'Custom range' },
  from: 'From',
  to: 'To',
  apply: 'Show',
  customIncomplete: 'Choose a start and an end date.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportFailed: 'The CSV could not be downloaded. Please try again.',
  loading: 'Loading results…',
  failed: 'Results could not be loaded.',
  retry: 'Try again',
  chartLoading: 'Loading the chart…',
  chartLabel: (from: string, to: string) =>
    `Chart of clicks and conversions per day from ${from} to ${to}. The table below lists the same numbers.`,
  totals: 'Totals',
  totalsLabel: 'Totals of the period',
  openOffer: (title: string) => `Show the results of ${title} per affiliate`,
  axisDate: 'Date (UTC)',
  axisClicks: 'Clicks (per day)',
  axisConversions: 'Conversions (per day)',
  date: 'Date',
  clicks: 'Clicks',
  conversions: 'Conversions',
  conversionRate: 'Conv. rate',
  payout: 'Payout',
  epc: 'EPC',
  byDay: 'Per day',
  byAffiliate: 'Per affiliate',
  byOffer: 'Per offer',
  affiliate: 'Affiliate',
  offer: 'Offer',
  bySubId: 'By sub-ID (sub1)',
  subId: 'sub1',
  noSubId: '(none)',
  otherSubIds: 'Other sub-IDs',
  subIdHint: 'Add ?sub1=… (and sub2) to your tracking link to tell your traffic sources apart.',
  empty: 'No clicks in this period.',
  truncated: 'Only the first rows are listed; narrow the period to see all of them.',
} as const;

/** An approved partner's invitation to review the company (docs/decisions/057; ours). */
export const INVITE_LINK_TEXT = {
  button: 'Invite to review',
  title: (partner: string) => `Invite ${partner} to review you`,
  hint: 'Send this link to your partner: it works once, for the members of their company, and expires in 30 days. Their review is published like any other and carries "Invited" (and "Verified deal" after conversions).',
  linkLabel: 'Invitation link',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy the link: select it and copy it yourself.',
  failed: 'Could not make the invitation link. Please try again.',
} as const;
