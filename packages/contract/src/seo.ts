import { z } from 'zod';

/** The embeddable badge's looks (GET /badge/{slug}.svg?theme=…; docs/decisions/022). */
export const BADGE_THEMES = ['light', 'dark'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

export const badgeParamsSchema = z.object({ file: z.string().min(1).max(200) });
export const badgeQuerySchema = z.object({
  theme: z
    .enum(BADGE_THEMES, { error: `theme must be one of ${BADGE_THEMES.join(', ')}` })
    .default('light'),
});

/** GET /sitemaps/{kind}-{page}.xml */
export const sitemapParamsSchema = z.object({ file: z.string().min(1).max(100) });

/** GET /og/{entity|offer}/{slug}.png: a page's link-preview picture (docs/decisions/052). */
export const ogImageParamsSchema = z.object({
  kind: z.enum(['entity', 'offer'], { error: 'kind must be entity or offer' }),
  file: z.string().min(1).max(200),
});
