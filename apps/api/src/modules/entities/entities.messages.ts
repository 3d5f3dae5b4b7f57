import { ENTITY_MESSAGES } from '@trustlinks/contract/entities';

export const ENTITIES_MESSAGES = {
  ...ENTITY_MESSAGES,
  duplicatePending:
    'A registration for this email and entity type is already waiting for review. We will reach out to you shortly.',
  notOwner: 'You can only view or change your own entity.',
  protectedFields:
    'The verification status, entity type and review counters cannot be changed here.',
  approved: 'Entity approved successfully!',
  rejected: 'Entity rejected successfully!',
  deleted: 'Entity deleted successfully!',
  updated: 'Entity updated successfully.',
  alreadyInStatus: (status: string) => `This entity is already ${status}.`,
  badTransition: (from: string, to: string) => `An entity cannot go from ${from} to ${to}.`,
  emailBelongsToOtherEntity: (email: string) =>
    `The account ${email} already belongs to another entity. Change the entity's email or unlink that account first.`,
  nameTaken: (name: string) =>
    `Another approved entity is already called "${name}", and this name looks the same. Approved entities need names that cannot be taken for one another.`,
  updatedPendingReview:
    'Entity updated. The new name, website, email or sign-up URL will show once an admin has accepted them; until then your page keeps the approved values.',
  noPendingChange: 'This entity has no change waiting for review.',
  changeAccepted: 'Change accepted. The entity now shows the new values.',
  changeRejected: 'Change rejected. The entity keeps its approved values.',
  registrationLimitAddress:
    'Too many company registrations from your network in the last hour. Please try again later.',
  registrationLimitAccount:
    'Too many new companies from your account in the last hour. Please try again later.',
  registrationLimitEmail:
    'Too many registrations with this email address today. Please try again tomorrow.',
} as const;

/** A one-time password from approval stops working after this many days. */
export const TEMPORARY_PASSWORD_DAYS = 7;
