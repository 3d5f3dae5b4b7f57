import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTITY_MESSAGES } from '@trustlinks/contract/entities';
import { renderWithProviders } from '../../../test/render';
import { REGISTER_TEXT } from '../entities-texts';
import { RegisterEntityPage } from './register-entity-page';
import { buildPublicEntity } from '../../../test/factories';
import { json, withContractCheck } from '../../../test/fetch';

const CONTACT_RULE =
  'Please provide at least one contact method (Phone, Teams, LinkedIn, Telegram, Address, or Skype).';
const SUCCESS = 'Entity registration submitted successfully! We will reach out to you shortly.';

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your Name'), 'Acme Media');
  await user.type(screen.getByLabelText('Primary Email'), 'partners@acme.test');
  await user.type(screen.getByLabelText('Website URL'), 'https://acme.test');
  await user.type(screen.getByLabelText('Description'), 'Performance marketing for finance.');
}

function submit(user: ReturnType<typeof userEvent.setup>) {
  return user.click(screen.getByRole('button', { name: 'Submit Registration' }));
}

describe('RegisterEntityPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('uses the texts the contract shares with the API', () => {
    expect(REGISTER_TEXT.success).toBe(ENTITY_MESSAGES.registrationSubmitted);
    expect(REGISTER_TEXT.failed).toBe(ENTITY_MESSAGES.registrationFailed);
    expect(REGISTER_TEXT.contactMethodRequired).toBe(ENTITY_MESSAGES.contactMethodRequired);
  });

  it('shows the side panel with the three entity types next to the form', () => {
    renderWithProviders(<RegisterEntityPage />, { route: '/register-entity' });
    const panel = screen.getByRole('complementary');
    for (const type of ['Advertiser', 'Affiliate', 'Network']) {
      expect(within(panel).getByText(type)).toBeVisible();
    }
    expect(screen.getByRole('radio', { name: /Advertiser/ })).toBeChecked();
  });

  it('resets the type-specific fields when the type changes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterEntityPage />, { route: '/register-entity' });
    await user.type(screen.getByLabelText(/Company Name/), 'Acme Ltd');
    await user.click(screen.getByRole('checkbox', { name: 'CPA' }));
    await user.type(screen.getByLabelText(/Your Name/), 'Kept');

    await user.click(screen.getByRole('radio', { name: /Network/ }));
    expect(screen.queryByLabelText(/Company Name/)).toBeNull();
    expect(screen.getByLabelText(/Network Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Tracking Platform/)).toBeVisible();
    await user.type(screen.getByLabelText(/Network Name/), 'Acme Network');

    await user.click(screen.getByRole('radio', { name: /Affiliate/ }));
    expect(screen.queryByLabelText(/Network Name/)).toBeNull();
    expect(screen.getByLabelText(/Monthly Revenue/)).toHaveValue('');

    await user.click(screen.getByRole('radio', { name: /Advertiser/ }));
    expect(screen.getByLabelText(/Company Name/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'CPA' })).not.toBeChecked();
    // The common fields stay.
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('Kept');
  });

  it('asks for at least one contact method and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterEntityPage />, { route: '/register-entity' });
    await fillCommon(user);
    await submit(user);
    expect(await screen.findByText(CONTACT_RULE)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    // Focus goes to the contact methods; filling one clears the message.
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    await user.type(screen.getByLabelText('Phone'), '+44 20 1234 5678');
    expect(screen.queryByText(CONTACT_RULE)).toBeNull();
  });

  it('reports every missing required field at once, the contact rule included', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterEntityPage />, { route: '/register-entity' });
    await submit(user);
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Description is required')).toBeVisible();
    expect(screen.getByText(CONTACT_RULE)).toBeVisible();
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the network registration, shows the success toast and a confirmation, then starts over as advertiser', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        message: SUCCESS,
        entity: buildPublicEntity({ entity_type: 'network', verification_status: 'pending' }),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RegisterEntityPage />, { route: '/register-entity' });
    await user.click(screen.getByRole('radio', { name: /Network/ }));
    await fillCommon(user);
    await user.type(screen.getByLabelText('Telegram'), '@acme');
    await user.type(screen.getByLabelText(/Network Name/), 'Acme Network');
    await user.type(screen.getByLabelText(/Supported Models/), 'CPA, RevShare');
    await user.type(screen.getByLabelText(/Minimum Payout/), '50');
    await user.type(screen.getByLabelText(/Referral Commission/), '0.1');
    await submit(user);

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/entities/register');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      entity_type: 'network',
      name: 'Acme Media',
      email: 'partners@acme.test',
      website_url: 'https://acme.test',
      contact_info: { telegram: '@acme' },
      entity_metadata: {
        network_name: 'Acme Network',
        supported_models: ['CPA', 'RevShare'],
        minimum_payout: 50,
        referral_commission: 0.1,
      },
    });

    // Decision 027: a confirmation page says what happened; the form starts over from it.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration received' }),
    ).toBeVisible();
    expect(screen.getByText(/We sent an acknowledgement to partners@acme\.test/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Register another company' }));
    expect(screen.getByRole('radio', { name: /Advertiser/ })).toBeChecked();
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(screen.getByLabelText('Telegram')).toHaveValue('');
  });

  it('shows the server message and puts its field errors beside the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: 'Invalid input: entity_metadata.signup_url: Signup URL is not reachable',
        details: [{ path: 'entity_metadata.signup_url', message: 'Signup URL is not reachable' }],
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RegisterEntityPage />, { route: '/register-entity' });
    await fillCommon(user);
    await user.type(screen.getByLabelText('Skype'), 'acme.live');
    await user.type(screen.getByLabelText(/Signup URL/), 'https://acme.test/join');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid input: entity_metadata.signup_url: Signup URL is not reachable',
    );
    expect(screen.getByLabelText(/Signup URL/)).toHaveAccessibleDescription(
      'Signup URL is not reachable',
    );
    // The form keeps what was typed.
    expect(screen.getByLabelText('Your Name')).toHaveValue('Acme Media');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 502 }));
    await submit(user);
    expect(await screen.findByText(REGISTER_TEXT.failed)).toBeVisible();
  });
});
