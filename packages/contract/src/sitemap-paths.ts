import { CATEGORY_PATHS } from './category-paths';
import { SITEMAP_STATIC_PATHS } from './pages';

/**
 * The sitemap's list of pages (the API's seo module, /sitemaps/pages-1.xml): the page table's
 * indexed pages without a param, then each category page of the table (`networks`,
 * `advertisers`, `affiliates`: a type × a vertical of the fixed list, docs/decisions/055). Kept
 * apart from pages.ts, which the landing's bundle carries.
 */
export const SITEMAP_PAGE_PATHS: readonly string[] = [...SITEMAP_STATIC_PATHS, ...CATEGORY_PATHS];
