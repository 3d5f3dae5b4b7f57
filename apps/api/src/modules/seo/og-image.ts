import { createHash } from 'node:crypto';
import { OG_IMAGE_SIZE } from '@trustlinks/contract/seo';
import { FONT_FAMILY } from '../../lib/png-raster';
import { SEO_TEXTS } from './seo.texts';

/**
 * The link-preview pictures of the public pages (og:image, docs/decisions/052-link-previews.md):
 * an entity's name, TrustScore, stars, review count and standing (Verified, or Under warning
 * while a public warning stands); an offer's title, payout, category, GEOs and advertiser. Drawn
 * as SVG here, made a PNG by lib/png-raster.ts: OG_IMAGE_SIZE (1200 × 630), the big previews' size.
 */
export { OG_IMAGE_SIZE };

/** What an entity's picture shows. */
export interface EntityCard {
  name: string;
  score: number;
  reviews: number;
  standing: 'verified' | 'warned';
}

/** What an offer's picture shows. */
export interface OfferCard {
  title: string;
  payout: string;
  category: string;
  geos: readonly string[];
  advertiser: string;
  /** The advertiser's standing: its warning shows on its offers' pictures too. */
  standing: 'verified' | 'warned';
}

const T = SEO_TEXTS.og;

const COLORS = {
  background: '#ffffff',
  brand: '#2563eb',
  text: '#18181b',
  muted: '#52525b',
  star: '#f59e0b',
  starEmpty: '#e4e4e7',
  verified: '#15803d',
  warning: '#b45309',
  warningBand: '#fef3c7',
  warningText: '#92400e',
} as const;

const MARGIN = 80;
const TEXT_WIDTH = OG_IMAGE_SIZE.width - 2 * MARGIN;

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * A line that fits `width` at a bold size between `max` and `min` px: the largest that fits, and
 * at `min` the text cut with an ellipsis. Widths are estimated (DejaVu Sans Bold's letters are
 * about 0.6 em wide on average, capitals and wide letters more), so the estimate errs wide.
 */
export function fitLine(
  text: string,
  width: number,
  max: number,
  min: number,
): { text: string; size: number } {
  const em = 0.64;
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const size = Math.floor(width / (chars.length * em));
  if (size >= min) return { text: chars.join(''), size: Math.min(max, size) };
  const keep = Math.max(1, Math.floor(width / (min * em)) - 1);
  return { text: `${chars.slice(0, keep).join('').trimEnd()}\u2026`, size: min };
}

/** A five-pointed star's outline around (cx, cy). */
function starPoints(cx: number, cy: number, outer: number): string {
  const inner = outer * 0.45;
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return points.join(' ');
}

/** Five stars from `x`, filled to `score` of 5 (a 4.3 fills four and a third of the fifth). */
function stars(x: number, cy: number, score: number): string {
  const outer = 34;
  const step = 80;
  const shapes = [0, 1, 2, 3, 4].map((i) => starPoints(x + outer + i * step, cy, outer));
  const filled = Math.max(0, Math.min(5, score));
  // The filled part: whole stars, then the fraction of the next one's width.
  const whole = Math.floor(filled);
  const clipWidth = whole * step + (filled - whole) * 2 * outer;
  return [
    `<clipPath id="filled"><rect x="${x}" y="${cy - outer}" width="${clipWidth.toFixed(1)}" height="${2 * outer}"/></clipPath>`,
    ...shapes.map((points) => `<polygon points="${points}" fill="${COLORS.starEmpty}"/>`),
    `<g clip-path="url(#filled)">`,
    ...shapes.map((points) => `<polygon points="${points}" fill="${COLORS.star}"/>`),
    '</g>',
  ].join('');
}

function text(x: number, y: number, size: number, fill: string, value: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(value)}</text>`;
}
const bold = ' font-weight="700"';

/** The frame both pictures share: background, brand, the standing at the top right, the band. */
function frame(
  label: string | null,
  standing: 'verified' | 'warned',
  body: string[],
  title: string,
): string {
  const { width, height } = OG_IMAGE_SIZE;
  const warned = standing === 'warned';
  // ⚠ (U+26A0) or ✓ (U+2713) before the words, as on the badge.
  const mark = warned
    ? text(
        width - MARGIN,
        110,
        34,
        COLORS.warning,
        `\u26a0 ${T.underWarning}`,
        `${bold} text-anchor="end"`,
      )
    : text(
        width - MARGIN,
        110,
        34,
        COLORS.verified,
        `\u2713 ${T.verified}`,
        `${bold} text-anchor="end"`,
      );
  const band = warned
    ? [
        `<rect x="0" y="${height - 90}" width="${width}" height="90" fill="${COLORS.warningBand}"/>`,
        text(
          MARGIN,
          height - 33,
          30,
          COLORS.warningText,
          `\u26a0 ${fitLine(T.warningBand, TEXT_WIDTH, 30, 30).text}`,
          bold,
        ),
      ]
    : [];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<style>text{font-family:'${FONT_FAMILY}',sans-serif}</style>`,
    `<rect width="${width}" height="${height}" fill="${COLORS.background}"/>`,
    `<rect width="${width}" height="14" fill="${warned ? COLORS.warning : COLORS.brand}"/>`,
    text(MARGIN, 110, 40, COLORS.brand, T.brand, bold),
    ...(label ? [text(MARGIN + 250, 110, 34, COLORS.muted, label)] : []),
    mark,
    ...body,
    ...band,
    '</svg>',
  ].join('');
}

/** An entity's picture. */
export function entityCardSvg(card: EntityCard): string {
  const rated = card.reviews > 0;
  const score = rated ? card.score.toFixed(1) : T.noScore;
  const reviews = rated ? SEO_TEXTS.badge.reviews(card.reviews) : T.noReviews;
  const name = fitLine(card.name, TEXT_WIDTH, 76, 44);
  const title = SEO_TEXTS.badge.title(card.name, score, reviews, card.standing === 'warned');
  return frame(
    null,
    card.standing,
    [
      text(MARGIN, 250, name.size, COLORS.text, name.text, bold),
      text(MARGIN, 420, 120, COLORS.text, score, bold),
      stars(MARGIN + (score.length > 3 ? 300 : 250), 378, rated ? card.score : 0),
      text(MARGIN, 490, 36, COLORS.muted, `${T.score} \u00b7 ${reviews}`),
    ],
    title,
  );
}

/** An offer's picture. */
export function offerCardSvg(card: OfferCard): string {
  const title = fitLine(card.title, TEXT_WIDTH, 68, 40);
  const payout = fitLine(card.payout, TEXT_WIDTH, 96, 48);
  const geos = card.geos.length > 0 ? T.geos(card.geos) : T.allGeos;
  const details = fitLine(`${card.category} \u00b7 ${geos}`, TEXT_WIDTH, 34, 34);
  const by = fitLine(T.by(card.advertiser), TEXT_WIDTH, 36, 36);
  return frame(
    T.offer,
    card.standing,
    [
      text(MARGIN, 240, title.size, COLORS.text, title.text, bold),
      text(MARGIN, 370, payout.size, COLORS.brand, payout.text, bold),
      text(MARGIN, 440, 34, COLORS.muted, details.text),
      text(MARGIN, 500, 36, COLORS.text, by.text, bold),
    ],
    `${card.title}: ${card.payout}, ${card.category}, ${geos}, ${T.by(card.advertiser)}`,
  );
}

/** The picture's ETag: a hash of what it shows (its SVG), so a change of any figure changes it. */
export const svgEtag = (svg: string): string =>
  `"og-${createHash('sha1').update(svg).digest('base64url')}"`;
