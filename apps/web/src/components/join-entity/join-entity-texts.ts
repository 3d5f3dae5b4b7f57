import type { EntityType } from '@trustlinks/contract/constants';

/** The entity and offer pages' 'Join' button and its contact form (ours, docs/decisions/026). */
export const JOIN_TEXT = {
  /** 'Join Network' is the spec's label (docs/product/entities.md#entity-page); advertisers run programs. */
  label: (type: EntityType) => (type === 'advertiser' ? 'Join Program' : 'Join Network'),
  opensSignup: (name: string) => `Opens the sign-up page of ${name} in a new tab`,
  dialogTitle: (name: string) => `Contact ${name}`,
  dialogDescription: (name: string) =>
    `${name} has no sign-up page on TrustLinks. Tell them who you are and what traffic you bring; they answer to your account's email address.`,
  message: 'Your message',
  messageHint:
    'At least 10 characters. The company reads it on TrustLinks with your name, your email and what TrustLinks verified about you.',
  send: 'Send message',
  sending: 'Sending…',
  cancel: 'Cancel',
  failed: 'Your message could not be sent. Please try again.',
  loginToContact: 'Log in to contact',
} as const;
