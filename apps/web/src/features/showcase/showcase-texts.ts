/**
 * Every text of the offers showcase (docs/product/offers.md#showcase, docs/product/validation.md, docs/product/errors.md), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)".
 */
import { plural } from '../../lib/plural';

export const SHOWCASE_TEXT = {
  documentTitle: 'Offers Showcase',
  title: 'Offers Showcase',
  subtitle:
    'Load your offers from a JSON file or add them by hand, then search and share them on screen. Nothing is uploaded to the server.', // (ours)

  // Upload (docs/product/offers.md#showcase)
  uploadTitle: 'Upload offers', // (ours)
  uploadHint: 'A JSON file with a list of offers. Offers stay in this page only.', // (ours)
  chooseFile: 'Choose JSON file', // (ours)
  reading: 'Reading file...', // (ours)
  formatTitle: 'File format', // (ours)
  formatHint:
    'A list of offers, each with a title, geo, payout, category and description. Offers missing any of them are skipped.', // (ours)
  invalidJson: 'Invalid JSON format. Please upload a valid offer file.',
  noValidOffers:
    'No valid offers found in the file. Each offer needs a title, geo, payout, category and description.', // (ours)
  tooLarge: 'The file is too large. Please upload a file under 2 MB.', // (ours)
  /** Success toast (ours: docs/product/offers.md#showcase says only "a success toast"). */
  loaded: (n: number) => `${n} ${plural(n, 'offer', 'offers')} loaded`,
  skipped: (n: number) =>
    `${n} ${plural(n, 'entry was', 'entries were')} skipped: each offer needs a title, geo, payout, category and description.`, // (ours)
  lastUpload: (n: number, file: string, skipped: number) =>
    `Loaded ${n} ${plural(n, 'offer', 'offers')} from ${file}${skipped ? ` (${skipped} skipped)` : ''}.`, // (ours)

  // Search (docs/product/offers.md#showcase)
  searchLabel: 'Search offers', // (ours)
  searchPlaceholder: 'Search by title, geo or category', // (ours)
  count: (shown: number, total: number, searching: boolean) =>
    searching
      ? `${shown} of ${total} ${plural(total, 'offer', 'offers')} ${plural(shown, 'matches', 'match')}`
      : `${total} ${plural(total, 'offer', 'offers')}`, // (ours)

  // Manual add form (docs/product/offers.md#showcase, docs/product/validation.md: all five fields required)
  addTitle: 'Add an offer', // (ours)
  addHint: 'All fields are required.', // (ours)
  fields: {
    title: 'Title',
    geo: 'GEO',
    payout: 'Payout',
    category: 'Category',
    description: 'Description',
  },
  placeholders: {
    title: 'Keto Burn – US Trial', // (ours)
    geo: 'US, CA, GB', // (ours)
    payout: '$45 or 40%', // (ours)
    category: 'Nutra', // (ours)
    description: 'Traffic types, caps, conversion flow…', // (ours)
  },
  required: (field: string) => `${field} is required`, // (ours)
  add: 'Add Offer', // (ours)
  added: 'Offer added to the showcase', // (ours)

  // Table (docs/product/offers.md#showcase)
  tableLabel: 'Showcase offers', // (ours)
  columns: {
    title: 'Title',
    category: 'Category',
    geo: 'Target GEO',
    payout: 'Payout',
    description: 'Description',
    contact: 'Contact',
  },
  contact: 'Contact', // (ours)
  contactLabel: (title: string) => `Contact about ${title}`, // (ours)
  /** (ours) A local showcase file carries no contact details; the button says so. */
  contactInfo: 'Contact details are not part of local showcase files.',
  empty: 'No offers yet',
  emptyHint: 'Upload a JSON file or add an offer by hand.', // (ours)
  noMatches: 'No offers match your search', // (ours)
  noMatchesHint: 'Try another title, geo or category.', // (ours)
  clearSearch: 'Clear search', // (ours)
} as const;
