// Mails of identity verification (docs/decisions/013).
import { layout, hello, unsubscribeLine, type RenderedMail } from './layout';

export function identityVerifiedMail(input: {
  firstName: string;
  method: 'linkedin' | 'business_email';
  databaseUrl: string;
  /** An admin's note on an approved LinkedIn claim. */
  note?: string | null;
  /** Sent as a notification (docs/decisions/014): the one-click unsubscribe of these mails. */
  unsubscribe?: { url: string; label: string };
}): RenderedMail {
  const how = input.method === 'linkedin' ? 'your LinkedIn profile' : 'your business email address';
  return {
    template: 'identity_verified',
    subject: 'Your identity is verified on TrustLinks',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `Thanks — we verified your identity through ${how}. You now have full access to company contacts in the TrustLinks database.`,
        ...(input.note ? [`Note from our team: ${input.note}`] : []),
      ],
      action: { label: 'Open the company database', url: input.databaseUrl },
      ...(input.unsubscribe ? { after: [unsubscribeLine(input.unsubscribe)] } : {}),
    }),
  };
}

/**
 * The code that proves a business address (identity verification). The address is not proven
 * yet, so the mail carries no name or other text of the requester's; it is flagged secret.
 */
export function identityCodeMail(input: { code: string; expiresInMinutes: number }): RenderedMail {
  return {
    template: 'identity_code',
    // Not in the subject: the outbox scrubs bodies after delivery, not subjects.
    subject: 'Your TrustLinks verification code',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'A TrustLinks user asked to verify their identity with this business email address. Enter this code in TrustLinks to confirm that the address is theirs:',
        input.code,
      ],
      after: [
        `The code expires in ${input.expiresInMinutes} minutes and can be used once. If you did not ask for it, ignore this email: nothing changes without the code.`,
      ],
    }),
  };
}

/** An admin rejected a LinkedIn identity claim; the note says why. */
export function identityClaimRejectedMail(input: {
  firstName: string;
  profileUrl: string;
  note: string;
  databaseUrl: string;
  /** Sent as a notification (docs/decisions/014): the one-click unsubscribe of these mails. */
  unsubscribe?: { url: string; label: string };
}): RenderedMail {
  return {
    template: 'identity_claim_rejected',
    subject: 'Your TrustLinks identity verification was not approved',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `We could not verify your identity through the LinkedIn profile ${input.profileUrl}.`,
        `Reason: ${input.note}`,
        'You can try again with another profile, or verify instantly with your business email address.',
      ],
      action: { label: 'Open the company database', url: input.databaseUrl },
      ...(input.unsubscribe ? { after: [unsubscribeLine(input.unsubscribe)] } : {}),
    }),
  };
}
