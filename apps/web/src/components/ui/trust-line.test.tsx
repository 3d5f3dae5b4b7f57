import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTrust } from '../../test/factories';
import { TrustLine } from './trust-line';

// The one rendering of a company's trust context (docs/decisions/051-trust-context.md).
describe('TrustLine', () => {
  it('shows a verified company with its TrustScore', () => {
    render(<TrustLine trust={buildTrust({ score: 4.25, reviews: 12 })} />);
    expect(screen.getByText('Verified')).toBeVisible();
    expect(screen.getByText('TrustScore 4.3')).toBeVisible();
    expect(screen.queryByText('Public warning')).toBeNull();
  });

  it('marks a company under a public warning, never as Verified, with its TrustScore', () => {
    render(
      <TrustLine trust={buildTrust({ score: 3, reviews: 1, warned: true, verified: false })} />,
    );
    expect(screen.getByText('Public warning')).toHaveAttribute(
      'title',
      'This company is under a public warning: see its page.',
    );
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByText('TrustScore 3.0')).toBeVisible();
  });

  it('says when there is no TrustScore yet, and shows no Verified for an unapproved company', () => {
    render(<TrustLine trust={buildTrust({ verified: false })} />);
    expect(screen.getByText('No TrustScore yet')).toBeVisible();
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.queryByText('Public warning')).toBeNull();
  });
});
