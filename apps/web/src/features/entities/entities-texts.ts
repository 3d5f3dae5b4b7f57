/**
 * Every text of the entity pages (docs/product/entities.md#registration, docs/product/entities.md#entity-page, docs/product/validation.md, docs/product/errors.md), word for word where the spec gives
 * one. Texts the spec does not give are marked "(ours)".
 *
 * No imports from the contract here: the public entity page must not load zod just for its
 * strings. The ones the contract also holds (ENTITY_MESSAGES) are checked equal by a test.
 */

import { formatCount } from '../../lib/format-number';
import { plural } from '../../lib/plural';

export { ENTITY_TYPE_LABELS } from '../../lib/entity-type-labels';

export const REGISTER_TEXT = {
  documentTitle: 'Register Your Entity', // (ours)
  title: 'Register Your Entity', // (ours)
  subtitle:
    'List your company on TrustLinks as an advertiser, affiliate or network. Our team reviews every registration.', // (ours)

  // Side panel (ours: the spec says it explains benefits and the three entity types).
  benefitsTitle: 'Why register?',
  benefits: [
    'A verified profile that partners can trust',
    'Reviews from the people you work with',
    'Publish offers and find partners in one place',
    'Free to join, with no setup fees',
  ],
  typesTitle: 'Entity types',
  typeDescriptions: {
    advertiser: 'Brands and programs with offers for affiliates to promote.',
    affiliate: 'Publishers and media buyers who send traffic to offers.',
    network: 'Platforms that connect advertisers with affiliates.',
  },
  afterTitle: 'What happens next?',
  afterText:
    'We review your registration. Once it is approved you receive an email with your login details.',

  // Sections (ours)
  typeSection: 'Entity Type',
  basicSection: 'Basic Information',
  contactSection: 'Contact Methods',
  contactHint: 'Give at least one way to reach you.',
  aboutSection: 'About Your Business',
  detailsSection: {
    advertiser: 'Advertiser Details',
    affiliate: 'Affiliate Details',
    network: 'Network Details',
  },
  detailsHint: 'Optional, but it helps partners find and trust you.',

  // Fields
  entityType: 'Entity Type',
  name: 'Your Name',
  email: 'Primary Email',
  websiteUrl: 'Website URL',
  phone: 'Phone',
  teams: 'Teams',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
  address: 'Address',
  skype: 'Skype',
  description: 'Description',
  imageUrl: 'Image URL',
  additionalNotes: 'Additional Notes',
  optional: '(optional)', // (ours)

  // Placeholders (ours)
  // Placeholders say what goes in; they never look like a value already filled in (docs/decisions/027).
  namePlaceholder: 'Your name, or your company’s',
  emailPlaceholder: 'The address we should write to',
  urlPlaceholder: 'Starts with https://',
  descriptionPlaceholder:
    'What your company does, your verticals and what makes you a good partner.',

  submit: 'Submit Registration', // (ours)
  submitting: 'Submitting...', // (ours)
  success: 'Entity registration submitted successfully! We will reach out to you shortly.',
  failed: 'Entity registration failed. Please check your input and try again.',
  contactMethodRequired:
    'Please provide at least one contact method (Phone, Teams, LinkedIn, Telegram, Address, or Skype).',
  fixErrors: 'Please correct the highlighted fields.', // (ours)
  // The confirmation after sending (docs/decisions/027, ours).
  doneTitle: 'Registration received',
  doneBody: (name: string) => `We received the registration of ${name}.`,
  doneMail: (email: string) =>
    `We sent an acknowledgement to ${email}. If it does not arrive, check the spam folder.`,
  doneNext:
    'Our team checks every registration before the company is listed. When it is approved, that address gets the account details.',
  doneHome: 'Back to the home page',
  doneAnother: 'Register another company',
} as const;

/** Labels of the type-specific metadata fields (docs/product/data.md); the labels are ours. */
export const METADATA_TEXT = {
  companyName: 'Company Name',
  programName: 'Program Name',
  programCategory: 'Program Category',
  signupUrl: 'Signup URL',
  industries: 'Industries',
  foundedYear: 'Founded Year',
  socialMedia: 'Social Media',
  facebook: 'Facebook URL',
  twitter: 'Twitter URL',
  linkedinUrl: 'LinkedIn URL',
  payoutTypes: 'Payout Types',
  paymentTerms: 'Payment Terms',
  paymentTermsPlaceholder: 'e.g. Net 30, weekly',
  referralCommission: 'Referral Commission',
  referralCommissionHint: 'A decimal: 0.1 means 10%.',
  verticals: 'Verticals',
  monthlyRevenue: 'Monthly Revenue',
  monthlyRevenuePlaceholder: 'e.g. $10,000 - $50,000',
  trafficGeos: 'Traffic GEOs',
  referenceDetails: 'Reference',
  referenceName: 'Reference Name',
  referenceContact: 'Reference Contact',
  referenceCompany: 'Reference Company',
  networkName: 'Network Name',
  trackingPlatform: 'Tracking Platform',
  supportedModels: 'Supported Models',
  offersAvailable: 'Offers Available',
  minimumPayout: 'Minimum Payout ($)',
  commaHint: 'Separate several with commas.',
} as const;

export const ENTITY_DETAIL_TEXT = {
  /** Ours (docs/decisions/055): the link to the compare page. */
  compare: 'Compare',
  documentTitle: 'Entity Details', // (ours)
  fallbackHeading: 'Entity Details', // (ours) heading while loading, when no name was passed
  loading: 'Loading entity...', // (ours)
  notFound: 'Entity not found',
  failed: 'Failed to fetch entity details',
  notFoundHint: 'It may have been removed, or it is not public yet.', // (ours)
  backHome: 'Back to home', // (ours)
  tryAgain: 'Try again', // (ours)
  home: 'Home',
  breadcrumb: 'Breadcrumb',
  offersCount: (n: number) => `${n} ${plural(n, 'offer', 'offers')}`, // (ours)
  statActiveOffers: 'Active Offers',
  statRating: 'Rating',
  statReviews: 'Reviews',
  statStatus: 'Status',
  verified: 'Verified',
  pending: 'Pending',
  underWarning: 'Under warning', // (ours, docs/decisions/027: no 'Verified' tile beside an active warning)
  notAvailable: 'N/A',
  tabsLabel: 'Entity sections', // (ours)
  tabOverview: 'Overview',
  tabOffers: 'Offers',
  tabReviews: 'Reviews',
  type: 'Type',
  website: 'Website',
  notProvided: 'Not provided',
  reputation: 'Reputation',
  noRatings: 'No ratings yet',
  verification: 'Verification',
  verifiedBadge: 'Verified',
  pendingVerification: 'Pending Verification',
  description: 'Description',
  noDescription: 'No description available for this entity.',
  noOffers: 'No offers available from this entity.',
  seeAllOffers: (n: number) => `See all ${formatCount(n)} ${plural(n, 'offer', 'offers')}`, // (ours)
  payout: 'Payout', // (ours)
  category: 'Category', // (ours)
  geo: 'GEO', // (ours)
  worldwide: 'Worldwide',
  contact: 'Contact',
  reviewsFor: (name: string) => `Reviews for ${name}`,
  reviewsTotal: (n: number) => `${n} ${plural(n, 'review', 'reviews')}`, // (ours)
  noReviews: 'No reviews yet. Be the first to review!',
  about: 'About',
  country: 'Country',
  notSpecified: 'Not specified',
  memberSince: 'Member since', // (ours)
  entityType: 'Entity type', // (ours)
} as const;

/** (ours) What the entity's own users see while their change waits for an admin. */
export const OWNER_CHANGE_TEXT = {
  title: 'Your change is waiting for review',
  body: "An admin checks new names, websites, emails and sign-up URLs before they go live. Until then this page and 'Join' use the approved values.",
  name: 'New name',
  website: 'New website',
  email: 'New email',
  signupUrl: 'New sign-up URL',
  /** The count behind 'Join' (docs/decisions/026), shown to the entity's own users only. */
  joinClicks: (n: number) =>
    `‘Join’ has sent ${formatCount(n)} ${plural(n, 'visitor', 'visitors')} to your sign-up page.`,
} as const;
