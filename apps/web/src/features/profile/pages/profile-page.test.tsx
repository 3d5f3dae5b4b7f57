import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { CurrentUser } from '@trustlinks/contract/users';
import { getCurrentUser, saveSession } from '../../../lib/session';
import { buildUser } from '../../../test/factories';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { REVIEWER_MESSAGES } from '@trustlinks/contract/reviewers';
import { ENROLMENT_TEXT, REVIEWER_PAGE_SETTING_TEXT, TWO_FACTOR_TEXT } from '../profile-texts';
import { ProfilePage } from './profile-page';

function renderProfile() {
  return renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route: '/profile' },
  );
}

describe('ProfilePage', () => {
  const stored = buildUser({ phone: '+1 555 0100', bio: 'Affiliate manager' });
  let serverUser: CurrentUser;
  let enrolmentOnly: boolean;
  let asked: string[];
  let reviewerHidden: boolean;
  const reviewerPage = () => ({
    slug: '0123456789ab',
    hidden: reviewerHidden,
    review_count: 3,
    indexed: !reviewerHidden,
  });
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    serverUser = stored;
    enrolmentOnly = false;
    asked = [];
    reviewerHidden = false;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<CurrentUser>;
        serverUser = { ...serverUser, ...body };
        return json(200, { message: 'Profile updated successfully.', user: serverUser });
      }
      if (String(input) === '/api/users/profile') return json(200, { user: serverUser });
      return json(404, { error: 'Not found' });
    });
    // The passkey, session and two-factor cards (docs/decisions/034) read lists of their own: empty ones here.
    vi.stubGlobal(
      'fetch',
      withContractCheck(async (input, init) => {
        asked.push(String(input));
        if (String(input) === '/api/users/passkeys') return json(200, { passkeys: [] });
        if (String(input) === '/api/users/sessions') return json(200, { sessions: [] });
        if (String(input) === '/api/users/verification-status') {
          return json(200, {
            data: { identity_verified: false, entity_id: null, state: 'none', claim_value: null },
          });
        }
        // The reviewer page's setting (docs/decisions/054).
        if (String(input) === '/api/reviewers/me/visibility') {
          const { hidden } = JSON.parse(String(init?.body)) as { hidden: boolean };
          reviewerHidden = hidden;
          return json(200, { ...reviewerPage(), message: REVIEWER_MESSAGES.hidden });
        }
        if (String(input) === '/api/reviewers/me/settings') return json(200, reviewerPage());
        if (String(input) === '/api/users/mfa/enrolment-code') {
          return json(200, { message: MFA_MESSAGES.enrolmentCodeSent('ada@example.com') });
        }
        if (String(input) === '/api/users/mfa/totp') {
          return json(200, {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/TrustLinks:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            qr_data_url: 'data:image/svg+xml;base64,PHN2Zy8+',
          });
        }
        if (String(input) === '/api/users/mfa/totp/confirm') {
          // The session is free from the next request on (docs/decisions/033).
          enrolmentOnly = false;
          return json(200, {
            message: MFA_MESSAGES.enabled,
            recovery_codes: ['aaaa-bbbb-cccc-dddd'],
          });
        }
        if (String(input) === '/api/users/mfa') {
          return json(200, {
            totp_enabled: false,
            passkeys: 0,
            recovery_codes_left: 0,
            required: enrolmentOnly,
            enrolment_code_required: enrolmentOnly,
          });
        }
        return fetchMock(input, init);
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the identity status with a Verify entry (decision 027)', async () => {
    saveSession({ token: 't', user: stored });
    renderProfile();
    const card = await screen.findByTestId('identity-status');
    expect(await within(card).findByText('Not verified')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Verify' })).toHaveAttribute(
      'href',
      '/affliate-industry?verify=1',
    );
  });

  it('links to the reviewer page and hides it on request (decision 054)', async () => {
    saveSession({ token: 't', user: stored });
    renderProfile();
    const R = REVIEWER_PAGE_SETTING_TEXT;
    const heading = await screen.findByRole('heading', { name: R.title });
    const card = heading.parentElement!;
    expect(await within(card).findByRole('link', { name: R.open })).toHaveAttribute(
      'href',
      '/reviewer/0123456789ab',
    );
    expect(within(card).getByText(R.visibleState)).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: R.hide }));
    expect(await within(card).findByRole('button', { name: R.show })).toBeVisible();
    expect(within(card).getByText(R.hiddenState)).toBeVisible();
    expect(reviewerHidden).toBe(true);
  });

  it('a session that must set up a second factor sees why and what to do, and only the cards that can do it', async () => {
    enrolmentOnly = true;
    saveSession({ token: 't', user: stored });
    renderProfile();
    const intro = await screen.findByTestId('enrolment-required');
    expect(intro).toHaveTextContent(ENROLMENT_TEXT.title);
    expect(intro).toHaveTextContent(ENROLMENT_TEXT.why);
    expect(intro).toHaveTextContent(ENROLMENT_TEXT.what);
    expect(await screen.findByTestId('two-factor-card')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    // The panels the session may not load are not there, and were never asked for.
    expect(screen.queryByTestId('sessions')).toBeNull();
    expect(screen.queryByTestId('identity-status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByText(/could not be loaded/i)).toBeNull();
    expect(asked).not.toContain('/api/users/sessions');
    expect(asked).not.toContain('/api/users/verification-status');
  });

  it('the forced set-up, done, keeps the recovery codes on screen and opens the whole profile', async () => {
    enrolmentOnly = true;
    saveSession({ token: 't', user: stored });
    const user = userEvent.setup();
    renderProfile();
    const card = await screen.findByTestId('two-factor-card');
    await user.click(
      await within(card).findByRole('button', { name: TWO_FACTOR_TEXT.sendEmailCode }),
    );
    await user.type(await within(card).findByLabelText(TWO_FACTOR_TEXT.emailCode), '123456');
    await user.click(within(card).getByRole('button', { name: TWO_FACTOR_TEXT.start }));
    await user.type(await within(card).findByLabelText(TWO_FACTOR_TEXT.code), '654321');
    await user.click(within(card).getByRole('button', { name: TWO_FACTOR_TEXT.confirm }));

    expect(await screen.findByText(ENROLMENT_TEXT.done)).toBeVisible();
    expect(screen.queryByTestId('enrolment-required')).toBeNull();
    expect(await screen.findByTestId('sessions')).toBeVisible();
    expect(screen.getByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb-cccc-dddd');
  });

  it('a full session sees every panel, with no set-up notice', async () => {
    saveSession({ token: 't', user: stored });
    renderProfile();
    expect(await screen.findByTestId('sessions')).toBeVisible();
    expect(await screen.findByTestId('identity-status')).toBeVisible();
    expect(screen.queryByTestId('enrolment-required')).toBeNull();
  });

  it('redirects to /login when not logged in', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
  });

  it('shows initials, name, email and role, with read-only fields until Edit Profile', async () => {
    saveSession({ token: 't', user: stored });
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    expect(screen.getByText('AL')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('User')).toBeVisible();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Bio']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it('Cancel restores the stored values and sends nothing', async () => {
    saveSession({ token: 't', user: stored });
    const user = userEvent.setup();
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0100');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    // Editing again starts from the stored values, not the abandoned edit.
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0100');
  });

  it('Save sends the form, updates the stored user and toasts', async () => {
    saveSession({ token: 't', user: stored });
    const user = userEvent.setup();
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Runs nutra campaigns');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeVisible();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/users/profile/u-1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      bio: 'Runs nutra campaigns',
    });
    expect(getCurrentUser()?.bio).toBe('Runs nutra campaigns');
    expect(localStorage.getItem('authToken')).toBe('t');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('readonly');
  });

  it("shows 'Failed to update profile' and the field errors from the API details", async () => {
    saveSession({ token: 't', user: stored });
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json(400, {
            error: 'Invalid input: phone: Phone looks wrong',
            details: [{ path: 'phone', message: 'Phone looks wrong' }],
          })
        : json(200, { user: stored }),
    );
    const user = userEvent.setup();
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText('Failed to update profile');
    expect(toast).toBeVisible();
    expect(screen.getByText('Phone looks wrong')).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    // Still editing, nothing stored.
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(getCurrentUser()).toEqual(stored);
  });

  it('refuses a malformed phone before sending', async () => {
    saveSession({ token: 't', user: stored });
    const user = userEvent.setup();
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(
      within(form).getByText('Phone may contain digits, spaces and + ( ) - . only'),
    ).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('Change Password asks for the current password and sends both', async () => {
    saveSession({ token: 't', user: stored });
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/users/reset-password') {
        const body = JSON.parse(String(init?.body)) as Record<string, string>;
        if (body.current_password !== 'old-secret') {
          return json(400, { error: 'Your current password is incorrect.' });
        }
        return json(200, { message: 'Your password has been changed.', user: stored });
      }
      return json(200, { user: stored });
    });
    renderProfile();
    const submit = screen.getByRole('button', { name: 'Change Password' });
    await user.click(submit);
    expect(screen.getByText('Please enter your current password.')).toBeVisible();
    expect(screen.getByText('New password must be at least 6 characters long')).toBeVisible();

    await user.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secrex');
    await user.click(submit);
    expect(screen.getByText('New passwords do not match')).toBeVisible();

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(submit);
    expect(await screen.findByText('Your current password is incorrect.')).toBeVisible();

    await user.clear(screen.getByLabelText('Current Password'));
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.click(submit);
    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    const calls = fetchMock.mock.calls.filter(
      ([url]) => String(url) === '/api/users/reset-password',
    );
    expect(JSON.parse(String(calls.at(-1)![1]!.body))).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret',
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('follows the server when it knows newer values', async () => {
    saveSession({ token: 't', user: stored });
    serverUser = { ...stored, bio: 'Changed on another device' };
    renderProfile();
    expect(await screen.findByDisplayValue('Changed on another device')).toBeVisible();
    expect(getCurrentUser()?.bio).toBe('Changed on another device');
  });
});
