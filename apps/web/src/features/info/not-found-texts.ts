/**
 * The texts of the page for an unknown address (ours; info-texts.ts re-exports them beside the
 * other info pages'). Apart so that the app's first load, which renders that page without loading
 * it, does not carry the Help, Contact, Terms and Privacy texts (scripts/report-budget.mjs).
 */
export const NOT_FOUND_TEXT = {
  documentTitle: 'Page not found',
  title: 'Page not found',
  body: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  home: 'Go to the home page',
  links: [
    { label: 'Browse offers', to: '/offers' },
    { label: 'Read reviews', to: '/review' },
    { label: 'Help Center', to: '/help' },
  ],
} as const;
