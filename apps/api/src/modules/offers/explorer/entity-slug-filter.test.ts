import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../../test/helpers';
import { fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount, insertOffer } from '../../../../test/factories';
import { entities } from '../../../db/schema';

// The explorer's advertiser filter names the entity by its slug in the address, and still reads
// the id of links made before slugs (docs/decisions/052-link-previews.md).
const ctx = useTestApp();
const { db, inject } = ctx;

interface Page {
  offers: { title: string; entity_id: string }[];
}
const titles = async (query: string) =>
  (await fetchOffersPage<Page>(inject, query)).offers.map((o) => o.title).sort();

let advertiser = { id: '', slug: '' };

beforeAll(async () => {
  const adv = await buildEntityAccount(db(), 'advertiser', { name: 'Slug Filter Ads' });
  const other = await buildEntityAccount(db(), 'network', { name: 'Other Slug Network' });
  advertiser = { id: adv.entity.id, slug: adv.entity.slug };
  await insertOffer(db(), adv.entity.id, { title: 'Slug Keto One' });
  await insertOffer(db(), adv.entity.id, { title: 'Slug Crypto Two', category: 'Crypto' });
  await insertOffer(db(), other.entity.id, { title: 'Slug Keto Other' });
});

describe('GET /offers/fetch_all?entity=', () => {
  it('takes the advertiser’s slug: its offers only, with the other filters', async () => {
    expect(advertiser.slug).toBe('slug-filter-ads');
    expect(await titles(`entity=${advertiser.slug}`)).toEqual(['Slug Crypto Two', 'Slug Keto One']);
    expect(await titles(`entity=${advertiser.slug}&category=Crypto`)).toEqual(['Slug Crypto Two']);
    // As an address may spell it: upper case, spaces around.
    expect(await titles(`entity=%20SLUG-FILTER-ADS%20`)).toEqual([
      'Slug Crypto Two',
      'Slug Keto One',
    ]);
  });

  it('still reads the id of a link made before slugs, and an old slug after a rename', async () => {
    const bySlug = await titles(`entity=${advertiser.slug}`);
    expect(await titles(`entity=${advertiser.id}`)).toEqual(bySlug);
    expect(await titles(`entity=${advertiser.id.toUpperCase()}`)).toEqual(bySlug);
    await db()
      .update(entities)
      .set({ name: 'Slug Filter Renamed' })
      .where(eq(entities.id, advertiser.id));
    const [row] = await db().select().from(entities).where(eq(entities.id, advertiser.id));
    expect(row!.slug).toBe('slug-filter-renamed');
    expect(await titles('entity=slug-filter-renamed')).toEqual(bySlug);
    expect(await titles('entity=slug-filter-ads')).toEqual(bySlug);
  });

  it('a slug that names no company finds no offers; a value that is neither is a 400', async () => {
    expect(await titles('entity=no-such-company')).toEqual([]);
    for (const bad of ['entity=not%20a%20slug!', `entity=${'a'.repeat(121)}`, 'entity=a--b']) {
      const answer = await inject({ method: 'GET', url: `/api/offers/fetch_all?${bad}` });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().error, bad).toMatch(/entity must be an advertiser's slug or id/);
    }
  });
});
