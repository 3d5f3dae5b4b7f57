import { describe, expect, it } from 'vitest';
import { buildRequestBody, EMPTY_REQUEST_FORM } from './request-form-model';
import type { RequestFormValues } from './request-form-model';
import { buildOfferRequestBody } from '../../test/factories';

const filled: RequestFormValues = {
  ...EMPTY_REQUEST_FORM,
  title: ' Nutra traffic ',
  vertical: 'Nutra',
  geos: 'US, CA ,, GB',
  trafficTypes: 'Social,Native',
  platforms: ' Facebook ',
  volume: '60000',
  payoutType: 'CPL',
};

describe('create offer request body (docs/product/validation.md)', () => {
  it('splits lists on commas, trims, converts the volume to an integer', () => {
    const built = buildRequestBody({ ...filled, volume: '60000.9', notes: '  ' });
    expect(built).toEqual({
      kind: 'ok',
      body: buildOfferRequestBody({ geos_targeting: ['US', 'CA', 'GB'] }),
    });
  });

  it('an empty budget range is sent as null; the two fields as min and max', () => {
    const empty = buildRequestBody({ ...filled, budgetMin: ' ', budgetMax: '' });
    expect(empty.kind === 'ok' && empty.body.budget_range).toBeNull();
    const built = buildRequestBody({ ...filled, budgetMin: '1000', budgetMax: '5000.5' });
    expect(built.kind === 'ok' && built.body.budget_range).toEqual({ min: 1000, max: 5000.5 });
  });

  it('one side of the budget alone, or min above max, is a field error of the contract', () => {
    const half = buildRequestBody({ ...filled, budgetMin: '1000' });
    expect(half.kind === 'invalid' && half.errors.budget_range).toBe(
      'Budget maximum must be a number',
    );
    const upside = buildRequestBody({ ...filled, budgetMin: '5000', budgetMax: '1000' });
    expect(upside.kind === 'invalid' && upside.errors.budget_range).toBe(
      'Budget minimum must not be more than the maximum',
    );
  });

  it('reports missing required fields by field, with the contract messages', () => {
    const built = buildRequestBody(EMPTY_REQUEST_FORM);
    expect(built.kind).toBe('invalid');
    if (built.kind !== 'invalid') return;
    expect(built.errors.title).toBe('Title is required');
    expect(built.errors.vertical).toBe('Vertical is required');
    expect(built.errors.geos_targeting).toBe('Target GEOs are required');
    expect(built.errors.traffic_volume).toBeDefined();
  });

  it('turns a local expiry into an ISO timestamp', () => {
    const built = buildRequestBody({ ...filled, expiresAt: '2099-05-01T10:30' });
    expect(built.kind === 'ok' && built.body.expires_at).toBe(
      new Date('2099-05-01T10:30').toISOString(),
    );
  });
});
