/**
 * Query keys of the reviews feature. Every key starts with 'reviews', so a write (review, vote,
 * reply, moderation) refreshes every list at once with invalidateQueries({ queryKey: ['reviews'] }).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  entity: (
    entityId: string,
    page: number,
    viewer: string | null,
    sort = 'recent',
    rating: number | null = null,
  ) => ['reviews', 'entity', entityId, page, viewer ?? 'public', sort, rating ?? 'all'] as const,
  one: (reviewId: string, viewer: string | null) =>
    ['reviews', 'one', reviewId, viewer ?? 'public'] as const,
  reports: () => ['reviews', 'reports'] as const,
  trust: (entityId: string) => ['reviews', 'trust', entityId] as const,
  recent: (viewer: string | null) => ['reviews', 'recent', viewer ?? 'public'] as const,
  replies: (reviewId: string, viewer: string | null) =>
    ['reviews', 'replies', reviewId, viewer ?? 'public'] as const,
  mine: (userId: string) => ['reviews', 'mine', userId] as const,
  dashboard: (entityId: string, status: string, page: number) =>
    ['reviews', 'dashboard', entityId, status, page] as const,
  reviewer: (slug: string, viewer: string | null) =>
    ['reviews', 'reviewer', slug, viewer ?? 'public'] as const,
  transparency: () => ['reviews', 'transparency'] as const,
  removals: (entityId: string) => ['reviews', 'removals', entityId] as const,
  moderation: (status: string, holdReason: string | null = null, page = 1) =>
    ['reviews', 'moderation', status, holdReason ?? 'all', page] as const,
};

/** The entity pages show review counters (total, rating); they change with reviews. */
export const ENTITY_QUERY_PREFIX = ['entities'] as const;
