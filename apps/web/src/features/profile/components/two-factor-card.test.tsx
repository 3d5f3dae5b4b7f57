import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { TWO_FACTOR_TEXT as T } from '../profile-texts';
import { TwoFactorCard } from './two-factor-card';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/TrustLinks:casey?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_data_url: 'data:image/svg+xml;base64,PHN2Zy8+',
};

describe('TwoFactorCard', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  const api = (enrolmentOnly: boolean, { app = false, passkeys = 0 } = {}) => {
    let enabled = app;
    return stubApi({
      'GET /users/mfa': () =>
        json(200, {
          totp_enabled: enabled,
          passkeys,
          recovery_codes_left: enabled ? 10 : 0,
          required: true,
          enrolment_code_required: enrolmentOnly && !enabled,
        }),
      'POST /users/mfa/enrolment-code': () =>
        json(200, { message: MFA_MESSAGES.enrolmentCodeSent('casey@example.com') }),
      'POST /users/mfa/totp': () => json(200, ENROLMENT),
      'POST /users/mfa/totp/confirm': () => {
        enabled = true;
        return json(200, {
          message: MFA_MESSAGES.enabled,
          recovery_codes: ['aaaa-bbbb-cccc-dddd'],
        });
      },
    });
  };

  it('a forced set-up mails a code first, then sends it with the start and the confirmation', async () => {
    const { calls } = api(true);
    renderWithProviders(<TwoFactorCard userId="u1" />);
    const card = await screen.findByTestId('two-factor-card');
    expect(await within(card).findByText(T.emailStep)).toBeVisible();
    // No set-up before the mailbox step.
    expect(within(card).queryByRole('button', { name: T.start })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: T.sendEmailCode }));
    expect(
      await within(card).findByText(MFA_MESSAGES.enrolmentCodeSent('casey@example.com')),
    ).toBeVisible();
    await userEvent.type(within(card).getByLabelText(T.emailCode), '123456');
    await userEvent.click(within(card).getByRole('button', { name: T.start }));
    expect(await within(card).findByTestId('totp-secret')).toHaveTextContent(ENROLMENT.secret);
    await userEvent.type(within(card).getByLabelText(T.code), '654321');
    await userEvent.click(within(card).getByRole('button', { name: T.confirm }));
    expect(await within(card).findByTestId('recovery-codes')).toHaveTextContent(
      'aaaa-bbbb-cccc-dddd',
    );

    const body = (path: string) => calls.find((c) => c.method === 'POST' && c.path === path)?.body;
    expect(calls.some((c) => c.path === '/users/mfa/enrolment-code')).toBe(true);
    expect(body('/users/mfa/totp')).toEqual({ email_code: '123456' });
    expect(body('/users/mfa/totp/confirm')).toEqual({ code: '654321', email_code: '123456' });
  });

  it('a voluntary set-up (full session) needs no mailed code', async () => {
    const { calls } = api(false);
    renderWithProviders(<TwoFactorCard userId="u1" />);
    const card = await screen.findByTestId('two-factor-card');
    await userEvent.click(await within(card).findByRole('button', { name: T.start }));
    expect(await within(card).findByTestId('totp-secret')).toBeVisible();
    expect(within(card).queryByText(T.emailStep)).toBeNull();
    expect(calls.find((c) => c.path === '/users/mfa/totp')?.body).toEqual({});
  });

  it('counts passkeys as a factor: a passkey alone is on, not "password alone"', async () => {
    api(false, { passkeys: 1 });
    renderWithProviders(<TwoFactorCard userId="u1" />);
    const card = await screen.findByTestId('two-factor-card');
    expect(await within(card).findByText(/On: your sign-ins ask for your passkey\./)).toBeVisible();
    expect(within(card).queryByText(T.off)).toBeNull();
    // Nothing is missing, so no "needs two-factor" warning, though the account must have one.
    expect(within(card).queryByText(T.required)).toBeNull();
    // The app can still be added.
    expect(within(card).getByRole('button', { name: T.start })).toBeVisible();
  });

  it('says what is on: the app and the number of passkeys', async () => {
    api(false, { app: true, passkeys: 3 });
    renderWithProviders(<TwoFactorCard userId="u1" />);
    const card = await screen.findByTestId('two-factor-card');
    expect(
      await within(card).findByText(
        /On: your sign-ins ask for a code from your authenticator app or one of your 3 passkeys\./,
      ),
    ).toBeVisible();
  });

  it('the recovery codes can be copied and downloaded as a .txt file', async () => {
    api(false);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderWithProviders(<TwoFactorCard userId="u1" />);
    const card = await screen.findByTestId('two-factor-card');
    await user.click(await within(card).findByRole('button', { name: T.start }));
    await user.type(await within(card).findByLabelText(T.code), '654321');
    await user.click(within(card).getByRole('button', { name: T.confirm }));
    await within(card).findByTestId('recovery-codes');

    await user.click(within(card).getByRole('button', { name: T.copyCodes }));
    expect(writeText).toHaveBeenCalledWith('aaaa-bbbb-cccc-dddd');
    await user.click(within(card).getByRole('button', { name: T.downloadCodes }));
    expect(saved).toEqual([T.codesFileName]);
    expect(blobs[0]!.type).toBe('text/plain');
    expect(await blobs[0]!.text()).toContain('aaaa-bbbb-cccc-dddd');
  });
});
