import { describe, expect, it } from 'vitest';
import { offerListResponseSchema, offersResponseSchema } from '@trustlinks/contract/offers';
import { publicEntitiesResponseSchema } from '@trustlinks/contract/entities';
import {
  checkAgainstContract,
  parseFixture,
  responseSchemaFor,
  throwContractViolations,
} from './contract';
import { buildOffer, explorerOffer } from './factories';
import { json } from './fetch';

const capped = (total: number) => ({
  offers: [explorerOffer(buildOffer())],
  pagination: {
    page: 1,
    limit: 20,
    total,
    totalPages: Math.ceil(total / 20),
    hasNextPage: true,
    hasPreviousPage: false,
    totalIsCapped: true,
  },
});

describe('fixtures checked against the contract', () => {
  it('finds the schema of a route, literal paths before parameters', () => {
    expect(responseSchemaFor('GET', '/api/offers/fetch_all')).toBe(offersResponseSchema);
    expect(responseSchemaFor('GET', '/entities/public')).toBe(publicEntitiesResponseSchema);
    expect(responseSchemaFor('GET', '/offers/entity/public/e-1')).toBe(offerListResponseSchema);
    expect(responseSchemaFor('GET', '/unknown/route')).toBeUndefined();
  });

  it('refuses a capped total the server can never send (decision 006: "10,000+")', () => {
    expect(() => parseFixture(offersResponseSchema, capped(10_000))).toThrow(/pagination\.total/);
    expect(parseFixture(offersResponseSchema, capped(1_000)).pagination?.total).toBe(1_000);
  });

  it('fails a stubbed answer that lacks fields, and passes error answers through', async () => {
    await expect(
      checkAgainstContract('GET', '/api/offers/o-1', json(200, { offer: { offer_id: 'o-1' } })),
    ).rejects.toThrow(/does not match the contract/);
    // The afterEach of test/setup.ts would fail this test for the drift above: clear it.
    expect(() => throwContractViolations()).toThrow(/GET \/api\/offers\/o-1/);
    const refusal = json(404, { error: 'Offer not found' });
    await expect(checkAgainstContract('GET', '/api/offers/o-1', refusal)).resolves.toBe(refusal);
  });
});
