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

/**
 * The link-preview pictures' size (docs/decisions/052-link-previews.md): what the API draws and
 * what the pages' og:image:width / og:image:height say.
 */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** GET /og/{entity|offer}/{slug}.png: a page's link-preview picture (docs/decisions/052). */
export const ogImageParamsSchema = z.object({
  kind: z.enum(['entity', 'offer'], { error: 'kind must be entity or offer' }),
  file: z.string().min(1).max(200),
});
