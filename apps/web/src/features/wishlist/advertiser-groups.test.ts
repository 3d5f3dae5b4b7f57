import { describe, expect, it } from 'vitest';
import { groupOffersByEntity, typeFilterFrom } from './advertiser-groups';
import {
  buildOffer,
  buildPublicEntity,
  explorerOffer,
  OFFER_PUBLISHERS,
} from '../../test/factories';

const { advertiser: adv, network: net } = OFFER_PUBLISHERS;

const offers = [
  buildOffer({ ...net, offer_id: 'o-1', category: 'Crypto', target_geo: ['US', 'BR'] }),
  buildOffer({ ...adv, offer_id: 'o-2', category: 'Nutra', target_geo: ['US'] }),
  buildOffer({ ...net, offer_id: 'o-3', category: 'Dating', target_geo: ['US', 'GB'] }),
  buildOffer({ ...net, offer_id: 'o-4', category: 'Crypto', target_geo: ['MX'] }),
].map(explorerOffer);

describe('groupOffersByEntity', () => {
  it('groups by entity in the order of their newest offer, with verticals and GEOs by frequency', () => {
    const entities = new Map([
      ['net-1', buildPublicEntity({ entity_id: 'net-1', name: 'BlockReach', reputation_score: 4 })],
    ]);
    const groups = groupOffersByEntity(offers, entities, 'all');
    expect(groups.map((g) => g.entityId)).toEqual(['net-1', 'adv-1']);
    const [network, advertiser] = groups;
    expect(network).toMatchObject({
      name: 'BlockReach',
      type: 'network',
      categories: ['Crypto', 'Dating'],
      geos: ['US', 'BR', 'GB', 'MX'],
    });
    expect(network?.offers.map((o) => o.offer_id)).toEqual(['o-1', 'o-3', 'o-4']);
    expect(network?.entity?.reputation_score).toBe(4);
    expect(advertiser).toMatchObject({ name: 'Vitality Partners', entity: null });
  });

  it('filters by company type', () => {
    expect(groupOffersByEntity(offers, new Map(), 'advertiser').map((g) => g.entityId)).toEqual([
      'adv-1',
    ]);
    expect(groupOffersByEntity(offers, new Map(), 'network').map((g) => g.entityId)).toEqual([
      'net-1',
    ]);
  });

  it('reads the type filter from the URL, defaulting to all', () => {
    expect(typeFilterFrom('network')).toBe('network');
    expect(typeFilterFrom('affiliate')).toBe('all');
    expect(typeFilterFrom(null)).toBe('all');
  });
});
