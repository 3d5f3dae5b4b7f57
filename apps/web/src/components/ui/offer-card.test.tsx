import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { OfferCard, summarizeGeos } from './offer-card';
import type { OfferCardOffer } from './offer-card';

function buildCardOffer(overrides: Partial<OfferCardOffer> = {}): OfferCardOffer {
  return {
    offer_id: 'o-1',
    slug: 'ketoslim-pro-free-trial-0a1b2c3d',
    entity_id: 'e-1',
    entity_slug: 'vitality-partners',
    entity_name: 'Vitality Partners',
    title: 'KetoSlim Pro — Free Trial',
    category: 'Nutra',
    target_geo: ['US', 'CA', 'GB'],
    payout_type: 'CPA',
    payout_value: 45,
    ...overrides,
  };
}

function StateProbe({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p>
      {label}: {JSON.stringify(location.state)}
    </p>
  );
}

function renderCard(offer: OfferCardOffer) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<OfferCard offer={offer} />} />
      <Route path="/offer/:id" element={<StateProbe label="offer page" />} />
      <Route path="/entity/:id" element={<StateProbe label="entity page" />} />
    </Routes>,
  );
}

describe('summarizeGeos (docs/product/constants.md: first 2 GEOs, then an ellipsis)', () => {
  it.each([
    [['US', 'CA', 'GB'], 'US, CA…'],
    [['US', 'CA'], 'US, CA'],
    [['DE'], 'DE'],
    [[], 'Worldwide'],
    [null, 'Worldwide'],
  ])('%j → %s', (geos, text) => {
    expect(summarizeGeos(geos)).toBe(text);
  });
});

describe('OfferCard', () => {
  it('shows title, entity, category, two GEOs with an ellipsis, payout and payout type', () => {
    renderCard(buildCardOffer());
    expect(
      screen.getByRole('heading', { level: 3, name: 'KetoSlim Pro — Free Trial' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Vitality Partners' })).toHaveAttribute(
      'href',
      '/entity/vitality-partners',
    );
    expect(screen.getByText('Nutra')).toBeVisible();
    expect(screen.getByText('US, CA…')).toBeVisible();
    expect(screen.getByText('US, CA…').parentElement).toHaveAttribute('title', 'US, CA, GB');
    expect(screen.getByText('$45')).toBeVisible();
    expect(screen.getByText('CPA')).toBeVisible();
  });

  it.each([
    ['40%', 'RevShare', '40%'],
    [38.5, 'CPA', '$38.50'],
    [null, 'CPL', 'Contact'],
  ] as const)('shows payout %j as %s', (value, type, text) => {
    renderCard(buildCardOffer({ payout_value: value, payout_type: type }));
    expect(screen.getByText(text)).toBeVisible();
  });

  it('leads to the offer page passing the offer along', async () => {
    const user = userEvent.setup();
    const offer = buildCardOffer();
    renderCard(offer);
    await user.click(screen.getByRole('link', { name: offer.title }));
    expect(screen.getByText(/offer page:/)).toHaveTextContent(JSON.stringify({ offer }));
  });

  it('leads from the entity name to the entity page passing the name along', async () => {
    const user = userEvent.setup();
    renderCard(buildCardOffer());
    await user.click(screen.getByRole('link', { name: 'Vitality Partners' }));
    expect(screen.getByText(/entity page:/)).toHaveTextContent(
      JSON.stringify({ entityName: 'Vitality Partners' }),
    );
  });

  it('can hide the entity and add badges and actions', () => {
    renderWithProviders(
      <OfferCard
        offer={buildCardOffer()}
        showEntity={false}
        badges={<span>Paused</span>}
        actions={<button type="button">Edit</button>}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Vitality Partners' })).toBeNull();
    expect(screen.getByText('Paused')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible();
  });
});
