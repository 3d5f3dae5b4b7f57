// Ours (docs/decisions/021-server-rendering.md): what a reader without JavaScript sees when the
// server did not render a page for them.
export const PAGES_MESSAGES = {
  tooManyRenders:
    'You have opened many pages in a short time, so this one was not prepared on the server. It opens in your browser; without JavaScript, please try again in a minute.',
} as const;
