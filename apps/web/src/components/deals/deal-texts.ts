/**
 * The texts of a deal's terms and rules (docs/decisions/048-agreed-terms.md), shown on the offer
 * page, the cards, the apply dialog, applications and bids. None is the spec's: all are ours.
 * No runtime imports from the contract's zod modules here: the strings must not pull zod in.
 */
import { formatCount } from '../../lib/format-number';

export const DEAL_TEXT = {
  yourTerms: 'Your terms',
  partnersHeading: 'Your partners’ terms',
  termsSources: {
    offer: 'the offer’s payout',
    bid: 'accepted counter offer',
    override: 'set for this partner',
  },
  termsFrom: (source: string) => `(${source})`,
  rulesHeading: 'Caps and traffic',
  dailyCap: 'Daily cap',
  monthlyCap: 'Monthly cap',
  capValue: (n: number) => `${formatCount(n)} conversions`,
  capsCompact: (daily: number | null, monthly: number | null) =>
    [
      daily !== null ? `${formatCount(daily)}/day` : null,
      monthly !== null ? `${formatCount(monthly)}/month` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  capsLabel: 'Caps',
  noCaps: 'No caps',
  allowed: 'Allowed traffic',
  forbidden: 'Forbidden traffic',
  allowedCompact: 'Allowed',
  forbiddenCompact: 'No',
  anyTraffic: 'Any traffic type not forbidden',
  // The owner's per-partner payout.
  setPayout: 'Set payout',
  setPayoutTitle: (name: string) => `Payout for ${name}`,
  setPayoutBody:
    'This partner’s conversions pay this instead of the offer’s payout, unless your postback sends one.',
  payoutModel: 'Payout model',
  payoutValue: 'Payout ($, or % for RevShare)',
  save: 'Save payout',
  saving: 'Saving...',
  cancel: 'Cancel',
  setFailed: 'Failed to save the payout',
  // An accepted counter offer without an offer: the bidder's next step.
  awaitingHeading: 'Accepted counter offers waiting for your offer',
  awaitingIntro:
    'The requester accepted these terms. Link one of your running offers, or create a private offer (listed nowhere) from them: the requester then runs it, tracked, at these terms.',
  awaitingFor: (title: string) => `Counter offer on “${title}”`,
  linkOffer: 'Link one of your offers',
  chooseOffer: 'Choose an offer',
  link: 'Link offer',
  orPrivate: 'Or create a private offer from these terms',
  landingPage: 'Landing page URL',
  privateTitle: 'Title',
  createPrivate: 'Create private offer',
  giveFailed: 'Failed to give this counter offer its offer',
  waitingForBidder: 'Accepted: waiting for the bidder to link an offer or create a private one.',
  reopen: 'Reopen',
  reopenFor: (title: string) => `Reopen: ${title}`,
  reopenHint:
    'A counter offer was accepted, so this request takes no more. Reopen it to take and accept others.',
  reopenFailed: 'Failed to reopen the request',
} as const;
