import { z } from 'zod';
import { MFA_ENROLMENT_CODE } from './mfa-codes';

/** Our text (docs/decisions/033); MFA_MESSAGES.enrolmentCodeRequired is the same. */
export const MFA_EMAIL_CODE_REQUIRED = `Please enter the ${MFA_ENROLMENT_CODE.length}-digit code we emailed you.`;

/**
 * The code mailed to the account (`POST /users/mfa/enrolment-code`): needed to set up a second
 * factor (authenticator app or passkey) from a session that may only do that
 * (docs/decisions/033), so that the password alone cannot enrol an attacker's authenticator.
 * Its own module so that mfa.ts and passkeys.ts can both use it.
 */
export const mfaEmailCodeSchema = z
  .string({ error: MFA_EMAIL_CODE_REQUIRED })
  .trim()
  .regex(new RegExp(`^\\d{${MFA_ENROLMENT_CODE.length}}$`), MFA_EMAIL_CODE_REQUIRED);
