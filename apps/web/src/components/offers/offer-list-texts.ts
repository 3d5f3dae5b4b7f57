import { plural } from '../../lib/plural';

/**
 * The texts of the offer list pieces (filter panel, results) that the explorer
 * (docs/product/offers.md#explorer, docs/product/errors.md) and the advertisers' wishlist share,
 * word for word where the spec gives one. Texts the spec does not give are marked "(ours)".
 */
export const OFFER_LIST_TEXT = {
  searchLabel: 'Search offers', // (ours)
  searchPlaceholder: 'Search by title...', // (ours)
  geoLabel: 'GEO', // (ours)
  geoPlaceholder: 'e.g. US, GB, DE', // (ours)
  geoHint: 'Two-letter country codes, separated by commas.', // (ours)
  geoIgnored: (tokens: string[]) =>
    `Ignored ${tokens.map((t) => `“${t}”`).join(', ')}: use two-letter country codes such as US.`, // (ours)
  categoriesLabel: 'Category', // (ours)
  clearFilters: 'Clear filters', // (ours; docs/product/offers.md#explorer names the button, not its label)
  loading: 'Loading offers...', // (ours)
  failed: 'Failed to fetch offers. Please try again later.',
  tryAgain: 'Try Again', // (ours)
  empty: 'No offers found',
  emptyFilteredHint: 'Try another category, title or GEO.', // (ours)
  emptyHint: 'No offers have been published yet. Check back soon.', // (ours)
  loadingMore: 'Loading...', // (ours)
} as const;

/** The explorer's comparison controls and saved search (docs/decisions/028), also on the dashboards' Available Offers (docs/decisions/030). */
export const EXPLORER_TEXT = {
  sortLabel: 'Sort by',
  sorts: { newest: 'Newest', best: 'Best match', payout: 'Highest payout' },
  payoutModelLabel: 'Payout model',
  payoutMinLabel: 'Payout from ($)',
  payoutMaxLabel: 'Payout to ($)',
  entityLabel: 'Advertiser or network',
  entityPlaceholder: 'Type a name...',
  entityNone: 'No advertiser or network by that name.',
  entityClear: (name: string) => `Remove the filter “${name}”`,
  entitySelected: 'Selected',
  didYouMean: 'Did you mean',
  /** A search found only with its words joined or split ("keto slim": "ketoslim"), ours. */
  respelled: (words: string) => `Showing offers for “${words}”`,
  /** A search that names an advertiser or network: applies its filter (ours). */
  offersBy: (name: string) => `Offers by ${name}`,
  /** The results while the payout range is refused (its message is by the boxes), ours. */
  rangeRefused: 'Fix the payout range to see offers.',
  // The phone's filter sheet (docs/decisions/053), ours.
  filtersButton: 'Filters',
  filtersSet: (count: number) => (count ? `Filters, ${count} set` : 'Filters, none set'),
  filtersTitle: 'Filters',
  filtersClose: 'Close filters',
  filtersDone: (count: string, n: number) => `Show ${count} ${plural(n, 'offer', 'offers')}`,
  saveSearch: 'Save this search',
  saveNameLabel: 'Name of the search',
  save: 'Save',
  cancel: 'Cancel',
  saveLogin: 'Log in to save this search and hear about new offers.',
  saveFailed: 'The search could not be saved. Please try again.',
} as const;
