// Server messages of the company database; the spec's texts shared with the web app are in
// @trustlinks/contract/companies (COMPANY_MESSAGES).
export const COMPANIES_SERVER_MESSAGES = {
  contactReadsLimited: (limit: number, minutes: number) =>
    `You have looked up a lot of contacts in a short time. To protect the people in our database, contact lookups are limited to ${limit} per hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  contactReadsDailyLimited: (limit: number, msLeft: number, newAccount: boolean) => {
    const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
    const wait =
      minutes < 90
        ? `${minutes} minute${minutes === 1 ? '' : 's'}`
        : `${Math.ceil(minutes / 60)} hours`;
    return `You have reached today's limit of contact lookups. To protect the people in our database, ${newAccount ? 'accounts in their first day can look up' : 'each account can look up'} ${limit} contacts in 24 hours. Please try again in ${wait}.`;
  },
  importRejected: (count: number) =>
    `${count} row${count === 1 ? ' was' : 's were'} rejected, so nothing was imported. Fix the rows listed in details, or import with skip_invalid to load the valid rows only.`,
  imported: 'Companies imported.',
} as const;
