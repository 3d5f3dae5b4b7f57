import { z } from 'zod';
import { emailSchema } from './users';

/**
 * Review invitations (docs/decisions/057-review-invitations.md): a company's members invite
 * partners they really worked with, by mail or by a link tied to one of the company's approved
 * applications. Single use, they expire, and their reviews carry the 'Invited' label.
 */
export const REVIEW_INVITATION_LIMITS = {
  /** Addresses in one request. */
  emailsMax: 20,
} as const;

export const REVIEW_INVITATION_STATUSES = ['open', 'used', 'expired'] as const;
export type ReviewInvitationStatus = (typeof REVIEW_INVITATION_STATUSES)[number];

// Our texts (the spec has no invitations).
export const REVIEW_INVITATION_MESSAGES = {
  choose: 'Give the email addresses to invite, or the application to invite its partner from.',
  tooMany: `Invite at most ${REVIEW_INVITATION_LIMITS.emailsMax} addresses at a time.`,
  notMember: 'Only members of this company can invite reviews of it.',
  entityNotApproved: 'Invitations can be sent once the company is approved.',
  ownMember: (email: string) =>
    `${email} is a member of your company: members cannot review their own company.`,
  applicationNotFound: 'Application not found.',
  applicationNotApproved: 'Only an approved application can be reviewed: approve it first.',
  dailyLimit: (limit: number) =>
    `Your company can send ${limit} invitations a day; try again tomorrow.`,
  sent: (n: number) => (n === 1 ? 'Invitation sent.' : `${n} invitations sent.`),
  linkReady: 'Invitation link ready: send it to your partner. It works once.',
  invalid: 'This invitation link is not valid.',
  expired: 'This invitation has expired. Ask the company for a new one.',
  used: 'This invitation has already been used.',
  otherEntity: 'This invitation is for a review of another company.',
  otherPerson: 'This invitation was sent to someone else.',
} as const;

/** POST /entities/{id}/review-invitations: addresses to mail, or an application to link. */
export const reviewInvitationCreateSchema = z
  .object({
    emails: z
      .array(emailSchema, { error: REVIEW_INVITATION_MESSAGES.choose })
      .min(1, REVIEW_INVITATION_MESSAGES.choose)
      .max(REVIEW_INVITATION_LIMITS.emailsMax, REVIEW_INVITATION_MESSAGES.tooMany)
      .optional(),
    application_id: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => (v.emails === undefined) !== (v.application_id === undefined), {
    message: REVIEW_INVITATION_MESSAGES.choose,
    path: ['emails'],
  });
export type ReviewInvitationCreate = z.infer<typeof reviewInvitationCreateSchema>;

export const reviewInvitationSchema = z.object({
  invitation_id: z.string(),
  /** The invited address; null for an application's link. */
  email: z.string().nullable(),
  application_id: z.string().nullable(),
  /** The applicant company of an application's link. */
  partner_name: z.string().nullable(),
  status: z.enum(REVIEW_INVITATION_STATUSES),
  expires_at: z.string(),
  created_at: z.string(),
});
export type ReviewInvitation = z.infer<typeof reviewInvitationSchema>;

export const reviewInvitationsCreatedSchema = z.object({
  message: z.string(),
  invitations: z.array(reviewInvitationSchema),
  /** An application's link (shown once: only its hash is kept). */
  link: z.string().nullable(),
});
export type ReviewInvitationsCreated = z.infer<typeof reviewInvitationsCreatedSchema>;

export const reviewInvitationsResponseSchema = z.object({
  invitations: z.array(reviewInvitationSchema),
  sent_today: z.number().int(),
  daily_limit: z.number().int(),
});
export type ReviewInvitationsResponse = z.infer<typeof reviewInvitationsResponseSchema>;
