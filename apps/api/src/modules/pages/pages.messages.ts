// Ours (docs/decisions/021-server-rendering.md): what a reader without JavaScript sees when the
// server did not render a page for them.
export const PAGES_MESSAGES = {
  tooManyRenders:
    'You have opened many pages in a short time, so this one was not prepared on the server. It opens in your browser; without JavaScript, please try again in a minute.',
  // A form the browser posted itself (form-posts.ts, docs/decisions/015-form-binding.md).
  crossSite:
    'This form was sent from another site, so it was not accepted. Please sign in on this page.',
  secondFactorNeedsScript:
    'This account signs in with a second factor, which needs JavaScript. Turn it on and sign in again.',
} as const;
