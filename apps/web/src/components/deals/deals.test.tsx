import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfferRulesView } from './offer-rules-view';
import { formatTerms, YourTerms } from './your-terms';

describe('YourTerms', () => {
  it('shows the agreed payout with where it came from', () => {
    render(<YourTerms terms={{ payout_type: 'CPL', payout_value: 39.5, source: 'bid' }} />);
    expect(screen.getByTestId('your-terms')).toHaveTextContent(
      'Your terms: $39.50 CPL (accepted counter offer)',
    );
    expect(formatTerms({ payout_type: 'RevShare', payout_value: 35 })).toBe('35% RevShare');
  });
});

describe('OfferRulesView', () => {
  const offer = {
    daily_cap: 150,
    monthly_cap: 4000,
    traffic_allowed: ['Native', 'Push'],
    traffic_forbidden: ['Incentivized'],
  };

  it('compact: one line of caps and one of traffic; nothing for an offer without rules', () => {
    const { container, rerender } = render(<OfferRulesView offer={offer} compact />);
    expect(container).toHaveTextContent('Caps 150/day · 4,000/month');
    expect(container).toHaveTextContent('Allowed Native, Push · No Incentivized');
    rerender(<OfferRulesView offer={{}} compact />);
    expect(container).toBeEmptyDOMElement();
  });

  it('in full: each cap and each traffic type', () => {
    render(<OfferRulesView offer={offer} />);
    const region = screen.getByRole('region', { name: 'Caps and traffic' });
    expect(region).toHaveTextContent('Daily cap150 conversions');
    expect(region).toHaveTextContent('Monthly cap4,000 conversions');
    expect(screen.getByText('Incentivized')).toBeInTheDocument();
  });
});
