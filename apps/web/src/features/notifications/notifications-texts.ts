/**
 * Texts of the notifications bell, the mail preferences on /profile and the unsubscribe page
 * (docs/decisions/014). docs/product/screens.md#header has only a bell with a static dot; everything here is ours.
 */
export const BELL_TEXT = {
  label: 'Notifications',
  labelUnread: (n: string) => `Notifications, ${n} unread`,
  heading: 'Notifications',
  markAllRead: 'Mark all as read',
  empty: 'You are all caught up.',
  emptyHint: 'Applications, decisions, bids and reviews that concern you appear here.',
  loading: 'Loading notifications...',
  failed: 'Failed to load notifications',
  unread: 'Unread',
  loginToSee: 'Log in to see your notifications.',
  seeAll: 'See all notifications',
  unreadThreads: (n: string) =>
    n === '1' ? '1 conversation with a new message' : `${n} conversations with new messages`,
} as const;

/** /notifications (docs/decisions/027). */
export const NOTIFICATIONS_PAGE_TEXT = {
  documentTitle: 'Notifications',
  title: 'Notifications',
  unreadCount: (n: number) => (n === 0 ? 'Nothing unread.' : `${n >= 100 ? '99+' : n} unread`),
  loadMore: 'Load older notifications',
  loadingMore: 'Loading...',
} as const;

export const PREFERENCES_TEXT = {
  title: 'Notifications',
  description:
    'Everything appears behind the bell. Choose which events are also sent to you by email.',
  event: 'Event',
  inApp: 'In app',
  email: 'Email',
  emailFor: (label: string) => `Email me about: ${label}`,
  always: 'Always',
  save: 'Save preferences',
  saving: 'Saving...',
  failed: 'Failed to save notification preferences',
  loadFailed: 'Failed to load notification preferences',
  loading: 'Loading preferences...',
} as const;

export const UNSUBSCRIBE_TEXT = {
  documentTitle: 'Unsubscribe',
  working: 'Unsubscribing...',
  doneTitle: 'Unsubscribed',
  failedTitle: 'This link did not work',
  failed: 'We could not unsubscribe you. Change your email preferences on your profile instead.',
  missing: 'This unsubscribe link is incomplete.',
  manage: 'Manage notification preferences',
} as const;
