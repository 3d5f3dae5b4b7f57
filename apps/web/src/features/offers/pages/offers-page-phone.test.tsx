import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { buildOffer, offersPage } from '../../../test/factories';
import { json, stubFetch } from '../../../test/fetch';
import { countFilters, EMPTY_FILTERS } from '../../../lib/offers/offer-filters';
import { OffersPage } from './offers-page';

// The explorer on a phone (docs/decisions/053): the filters wait behind a 'Filters' button that
// counts them; CSS (max-md:hidden) hides them below md only, so from md up they stand in the page.

describe('OffersPage filter sheet', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => json(200, offersPage([buildOffer(), buildOffer({ offer_id: 'o-2' })])));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.style.overflow = '';
  });

  it('shows how many filters are set on the button, the filters hidden below md only', async () => {
    renderWithProviders(<OffersPage />, {
      route: '/offers?geo=US&geo=CA&category=Nutra&payout_type=CPA',
    });
    const button = screen.getByRole('button', { name: 'Filters, 4 set' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('Filters4');
    expect(button.parentElement).toHaveClass('md:hidden');
    // Closed: the same panel as on a wide screen, hidden on a phone by CSS alone.
    const sheet = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(sheet).toHaveClass('max-md:hidden');
    expect(within(sheet).getByRole('searchbox', { name: 'Search offers' })).toBeInTheDocument();
    expect(within(sheet).getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('2 offers found')).toBeInTheDocument();
  });

  it('no filter: the button says none are set and shows no count', () => {
    renderWithProviders(<OffersPage />, { route: '/offers' });
    const button = screen.getByRole('button', { name: 'Filters, none set' });
    expect(button).toHaveTextContent(/^Filters$/);
  });

  it('opens as a sheet (a dialog), counts as filters change, and closes with Show…, the close button or Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OffersPage />, { route: '/offers?geo=US' });
    await screen.findByText('2 offers found');
    const button = screen.getByRole('button', { name: 'Filters, 1 set' });

    await user.click(button);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).not.toHaveClass('max-md:hidden');
    expect(sheet).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(within(sheet).getByRole('button', { name: 'Nutra' }));
    expect(screen.getByRole('button', { name: 'Filters, 2 set' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Show 2 offers' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('countFilters', () => {
  it('counts the title, each GEO, category and payout model, the publisher and each bound; not the sort', () => {
    expect(countFilters(EMPTY_FILTERS)).toBe(0);
    expect(countFilters({ ...EMPTY_FILTERS, sort: 'payout' })).toBe(0);
    expect(
      countFilters({
        title: 'keto',
        geo: ['US', 'CA'],
        category: ['Nutra'],
        payoutType: ['CPA', 'CPL'],
        entity: 'e-1',
        payoutMin: '5',
        payoutMax: '50',
      }),
    ).toBe(9);
  });
});
