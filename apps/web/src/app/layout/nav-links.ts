/** The advertiser directory (ours, docs/decisions/027-no-dead-ends.md, Note 2026-11-29). */
const ADVERTISERS_LINK = { label: 'Advertisers', to: '/advertiserswishlist' } as const;

/**
 * Header navigation (docs/product/screens.md#header), in this order, with these exact labels, plus
 * the advertiser directory beside the affiliates' wishlist (docs/decisions/027-no-dead-ends.md).
 */
export const NAV_LINKS = [
  { label: 'Add Network', to: '/register-entity' },
  { label: 'Offers', to: '/offers' },
  { label: 'Wishlist', to: '/affiliatedwishlist' },
  ADVERTISERS_LINK,
  { label: 'Reviews', to: '/review' },
  { label: 'Database', to: '/affliate-industry' },
] as const;

/**
 * Footer "Platform" links (docs/product/screens.md#landing-page): the header's, without 'Add
 * Network', in the same order.
 */
export const FOOTER_PLATFORM_LINKS = NAV_LINKS.filter((link) => link.to !== '/register-entity');

/** Footer "Support" links (docs/product/screens.md#landing-page labels; the pages are ours, docs/decisions/026). */
export const FOOTER_SUPPORT_LINKS = [
  { label: 'Help Center', to: '/help' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
] as const;

/** Log in and Sign up for visitors (docs/product/screens.md#header); Sign up is the primary one. */
export const AUTH_LINKS = [
  { label: 'Log in', to: '/login', primary: false },
  { label: 'Sign up', to: '/signup', primary: true },
] as const;
