/**
 * The texts of the pages every site needs and the spec left as placeholders (docs/decisions/026,
 * docs/decisions/026-public-pages-and-data-rights.md): Help, Contact, Terms of Service, Privacy
 * Policy and the page for an unknown address. Ours, in one place.
 */

export interface InfoSection {
  heading: string;
  paragraphs: readonly string[];
  /** An internal link under the section. */
  link?: { label: string; to: string };
}

export const HELP_TEXT = {
  documentTitle: 'Help Center',
  title: 'Help Center',
  intro: 'Answers to what people ask us most. Did not find yours? Write to us.',
  contactLink: { label: 'Contact us', to: '/contact' },
  sections: [
    {
      heading: 'How does TrustScore work?',
      paragraphs: [
        'Every approved company has a TrustScore from 1 to 5, computed from its published reviews. Reviews from verified identities, verified company members and reviews with a verified payment proof weigh more; recent reviews weigh more than old ones.',
        'A company with few reviews starts close to the platform average, so a single review cannot make or break it.',
      ],
      link: { label: 'How TrustScore works in detail', to: '/trustscore' },
    },
    {
      heading: 'How does verification work?',
      paragraphs: [
        'A company listed on TrustLinks was checked and approved by our team after it registered. "Verified identity" on a review means its author proved who they are with a business email address or a LinkedIn profile an admin checked.',
        'Admins can place a public warning on a company (for example for unpaid commissions); while it is active the company page shows it and joining is paused.',
      ],
    },
    {
      heading: 'How do I get my company listed?',
      paragraphs: [
        'Register your company with its website and a contact address. Our team reviews the registration; once it is approved you get an account (or your existing account is linked) and a dashboard for offers, applications and replies to reviews.',
      ],
      link: { label: 'Register your company', to: '/register-entity' },
    },
    {
      heading: 'How do applications and tracking work?',
      paragraphs: [
        "Affiliates and networks apply to an offer with 'Run This Offer'. The advertiser approves or rejects the application; an approved application gets its own tracking link.",
        "Clicks on the tracking link are counted once per visitor and day and sent on to the offer's landing page; the advertiser's tracker reports conversions back to us (postbacks), so both sides see the same numbers.",
      ],
      link: { label: 'Browse offers', to: '/offers' },
    },
    {
      heading: 'How do I get a copy of my data or delete my account?',
      paragraphs: [
        'Signed in, open your profile: "Download my data" gives you a file with everything we hold about your account, and "Delete my account" removes it after you confirm with your password.',
      ],
      link: { label: 'Privacy Policy', to: '/privacy' },
    },
  ] satisfies InfoSection[],
} as const;

export const CONTACT_TEXT = {
  documentTitle: 'Contact Us',
  title: 'Contact Us',
  intro:
    'Questions, a problem with a company or with your account: write to the TrustLinks team. We answer by email.',
  signedInNote: (email: string) => `We answer to the address of your account, ${email}.`,
  name: 'Your name',
  email: 'Your email',
  subject: 'Subject',
  message: 'Message',
  messageHint: 'At least 10 characters.',
  send: 'Send message',
  sending: 'Sending…',
  failed: 'Your message could not be sent. Please try again.',
  sentTitle: 'Message sent',
  another: 'Write another message',
  privacy: 'We keep your message to answer it; the policy says how long:',
  privacyLink: 'Privacy Policy',
} as const;

export const TERMS_TEXT = {
  documentTitle: 'Terms of Service',
  title: 'Terms of Service',
  updated: 'Last updated: 26 November 2026',
  intro:
    'These terms are the agreement between you and TrustLinks when you use this site. They are short on purpose.',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You need an account to write reviews, vote, apply to offers or contact companies. Keep your password to yourself; you are responsible for what is done with your account. One person, one account.',
      ],
    },
    {
      heading: 'Reviews',
      paragraphs: [
        'Write only about companies you have worked with, and only what is true. No paid, fake or retaliatory reviews, no personal data of others, no insults. We may hold a review for moderation, reject it or remove it when it breaks these rules, and we may suspend accounts that abuse the platform.',
        'Companies can reply publicly and dispute a review; admins decide disputes.',
      ],
    },
    {
      heading: 'Companies, offers and tracking',
      paragraphs: [
        'Companies are responsible for what they publish: offers, payouts and terms must be accurate. TrustLinks is not a party to the agreements between advertisers, networks and affiliates, and does not pay or collect commissions.',
      ],
    },
    {
      heading: 'What we promise, and what we do not',
      paragraphs: [
        'We show figures, scores and reviews as our data holds them, without making any up. Scores are opinions computed from reviews, not guarantees. The site is provided as it is; we are not liable for losses from dealings between members.',
      ],
    },
    {
      heading: 'Ending',
      paragraphs: [
        'You can delete your account at any time from your profile. We may close an account that breaks these terms. We will say on this page when the terms change.',
      ],
      link: { label: 'Privacy Policy', to: '/privacy' },
    },
  ] satisfies InfoSection[],
} as const;

export const PRIVACY_TEXT = {
  documentTitle: 'Privacy Policy',
  title: 'Privacy Policy',
  updated: 'Last updated: 26 November 2026',
  intro: 'What we store about you, why, for how long, and how you get a copy or have it deleted.',
  sections: [
    {
      heading: 'What we store',
      paragraphs: [
        'Your account: name, email address, a hash of your password (never the password), and what you add to your profile (phone, bio). If you verify your identity, the business address or LinkedIn profile you used.',
        'What you do: your reviews and their proofs of payment, your votes, your applications to offers, your offer requests, notifications, and messages you send through our forms. For a company: what was entered at registration.',
        'Technical data: sessions (a hashed token with its expiry), counters that limit how often something can be done, and for tracking links a pseudonymous visitor key per click.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Your account and what belongs to it: until you delete the account. An account whose email address is never confirmed is deleted after 7 days.',
        'Sessions end after 7 days without use and at the latest after 30 days. Rate-limit counters are kept for at most 24 hours. Links and codes in emails are erased from our copy once the email is delivered.',
        'Contact messages are kept so the team can answer them and handle abuse; ask us through the Contact page to delete yours.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        'Public: your name and role beside your reviews (unless you post anonymously: then only admins know it is yours). Companies see the applications you send them. Admins see what they need to moderate. We do not sell data and we do not show ads.',
      ],
    },
    {
      heading: 'A copy of your data',
      paragraphs: [
        'Signed in, open your profile and choose "Download my data": you get a JSON file with your account, reviews, votes, applications, offer requests, notifications and contact messages.',
      ],
      link: { label: 'Open your profile', to: '/profile' },
    },
    {
      heading: 'Deleting your account',
      paragraphs: [
        'Choose "Delete my account" on your profile and confirm with your password. Your account, sessions, reviews, votes, notifications and identity checks are deleted at once, and the scores of the companies you reviewed are recomputed without your reviews. A company you spoke for stays listed (it belongs to the company, not to you); its offers and the applications sent in its name stay with it.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: ['Write to us through the Contact page.'],
      link: { label: 'Contact us', to: '/contact' },
    },
  ] satisfies InfoSection[],
} as const;

// The unknown address's texts are in their own file: the app's first load needs them (the router
// renders that page without loading it), and none of the others (scripts/report-budget.mjs).
export { NOT_FOUND_TEXT } from './not-found-texts';
