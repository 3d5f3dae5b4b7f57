// The kinds of public warnings and the texts of their banner (docs/decisions/012), without zod: the entity
// and offer pages show the banner and must not load zod for it (warnings.ts has the schemas).

export const WARNING_KINDS = [
  'non_payment',
  'fake_reviews',
  'impersonation',
  'regulator_action',
] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export const WARNING_KIND_LABELS: Record<WarningKind, string> = {
  non_payment: 'Non-payment reports',
  fake_reviews: 'Suspected fake reviews',
  impersonation: 'Impersonation',
  regulator_action: 'Regulator action',
};

export const WARNING_BANNER_TEXT = {
  title: (kind: WarningKind) => `TrustLinks warning: ${WARNING_KIND_LABELS[kind]}`, // (ours)
  since: (date: string) => `Since ${date}`, // (ours)
  region: 'Public warnings', // (ours)
} as const;
