import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ShowcasePage } from './showcase-page';

function jsonFile(content: string, name = 'offers.json') {
  return new File([content], name, { type: 'application/json' });
}

const OFFERS = [
  {
    title: 'Keto Burn',
    geo: 'US, CA',
    payout: '$45',
    category: 'Nutra',
    description: 'Free trial',
  },
  {
    title: 'Coin Exchange',
    geo: ['DE', 'AT'],
    payout: 120,
    category: 'Crypto',
    description: 'First deposit',
  },
  { title: 'No category', geo: 'FR', payout: '$5', description: 'x' },
];

const fileInput = () => screen.getByLabelText('Choose JSON file');

describe('ShowcasePage', () => {
  it("starts empty with 'No offers yet'", () => {
    renderWithProviders(<ShowcasePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Offers Showcase' })).toBeVisible();
    expect(screen.getByText('No offers yet')).toBeVisible();
    expect(screen.getByText('0 offers')).toBeVisible();
  });

  it('loads a JSON file into the table, skipping invalid entries, with a success toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShowcasePage />);
    await user.upload(fileInput(), jsonFile(JSON.stringify(OFFERS)));

    expect(await screen.findByText('2 offers loaded')).toBeVisible();
    expect(screen.getByText(/1 entry was skipped/)).toBeVisible();
    expect(screen.getByText('Loaded 2 offers from offers.json (1 skipped).')).toBeVisible();

    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Title',
      'Category',
      'Target GEO',
      'Payout',
      'Description',
      'Contact',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Coin Exchange');
    expect(rows[1]).toHaveTextContent('DE, AT');
    expect(rows[1]).toHaveTextContent('$120');
    expect(screen.getByText('2 offers')).toBeVisible();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Contact about Keto Burn' }));
    expect(
      await screen.findByText('Contact details are not part of local showcase files.'),
    ).toBeVisible();
  });

  it('refuses a file that is not JSON with the spec error toast and keeps the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShowcasePage />);
    await user.upload(fileInput(), jsonFile('{ "title": oops'));
    expect(
      await screen.findByText('Invalid JSON format. Please upload a valid offer file.'),
    ).toBeVisible();
    expect(screen.getByText('No offers yet')).toBeVisible();
  });

  it('searches by title, geo or category with a count of matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShowcasePage />);
    await user.upload(fileInput(), jsonFile(JSON.stringify(OFFERS)));
    await screen.findByText('2 offers');
    const search = screen.getByLabelText('Search offers');

    await user.type(search, 'crypto');
    expect(screen.getByText('1 of 2 offers matches')).toBeVisible();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);

    await user.clear(search);
    await user.type(search, 'us');
    expect(screen.getByText('1 of 2 offers matches')).toBeVisible();
    expect(screen.getByRole('table')).toHaveTextContent('Keto Burn');

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('0 of 2 offers match')).toBeVisible();
    expect(screen.getByText('No offers match your search')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('2 offers')).toBeVisible();
  });

  it('adds an offer by hand only when all five fields are filled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShowcasePage />);
    const form = screen.getByRole('button', { name: 'Add Offer' }).closest('form')!;

    await user.type(within(form).getByLabelText('Title'), 'Manual offer');
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));
    for (const message of [
      'GEO is required',
      'Payout is required',
      'Category is required',
      'Description is required',
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(within(form).getByLabelText('Category')).toHaveFocus();
    expect(within(form).getByLabelText('GEO')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('No offers yet')).toBeVisible();

    await user.type(within(form).getByLabelText('Category'), 'Finance');
    await user.type(within(form).getByLabelText('GEO'), 'US');
    await user.type(within(form).getByLabelText('Payout'), '$30');
    await user.type(within(form).getByLabelText('Description'), 'Loans');
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));

    expect(await screen.findByText('Offer added to the showcase')).toBeVisible();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Manual offer');
    expect(rows[0]).toHaveTextContent('Finance');
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });
});
