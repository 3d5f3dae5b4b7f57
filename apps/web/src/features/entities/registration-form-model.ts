import { PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { EntityType, PayoutType } from '@trustlinks/contract/constants';
import { CONTACT_METHODS, ENTITY_MESSAGES } from '@trustlinks/contract/entities';
import type { EntityRegistrationInput } from '@trustlinks/contract/entities';
import type { FieldIssue } from '../../lib/field-errors';
import { METADATA_TEXT as M, REGISTER_TEXT as T } from './entities-texts';

/**
 * The registration form's state and its translation to the request body (docs/product/entities.md#registration, docs/product/data.md, docs/product/validation.md).
 * The form keeps every value as typed text; the body is built here and checked (useContractForm)
 * with the contract's entityRegistrationSchema, the same schema the API validates with.
 */

export type ContactMethod = (typeof CONTACT_METHODS)[number];

export type MetadataKind = 'text' | 'url' | 'list' | 'integer' | 'decimal';

export interface MetadataFieldDef {
  /** Dotted key inside entity_metadata: 'company_name', 'social_media.facebook'. */
  key: string;
  label: string;
  kind: MetadataKind;
  placeholder?: string;
  hint?: string;
  /** Fields of one nested object are shown together under this legend. */
  group?: 'social' | 'reference';
  min?: number;
  max?: number;
  step?: string;
}

// Fields advertisers and networks both have.
const PAYMENT_TERMS: MetadataFieldDef = {
  key: 'payment_terms',
  label: M.paymentTerms,
  kind: 'text',
  placeholder: M.paymentTermsPlaceholder,
};
const REFERRAL_COMMISSION: MetadataFieldDef = {
  key: 'referral_commission',
  label: M.referralCommission,
  kind: 'decimal',
  hint: M.referralCommissionHint,
  min: 0,
  max: 1,
  step: '0.01',
  placeholder: '0.1',
};

/** The type-specific fields of docs/product/data.md, in the order the form shows them. */
export const METADATA_FIELDS: Record<EntityType, readonly MetadataFieldDef[]> = {
  advertiser: [
    { key: 'company_name', label: M.companyName, kind: 'text' },
    { key: 'program_name', label: M.programName, kind: 'text' },
    { key: 'program_category', label: M.programCategory, kind: 'text' },
    { key: 'signup_url', label: M.signupUrl, kind: 'url', placeholder: T.urlPlaceholder },
    {
      key: 'industries',
      label: M.industries,
      kind: 'list',
      hint: M.commaHint,
      placeholder: 'Finance, Health',
    },
    {
      key: 'founded_year',
      label: M.foundedYear,
      kind: 'integer',
      min: 1800,
      max: new Date().getFullYear(),
      step: '1',
    },
    PAYMENT_TERMS,
    REFERRAL_COMMISSION,
    {
      key: 'social_media.facebook',
      label: M.facebook,
      kind: 'url',
      group: 'social',
      placeholder: 'https://facebook.com/…',
    },
    {
      key: 'social_media.twitter',
      label: M.twitter,
      kind: 'url',
      group: 'social',
      placeholder: 'https://x.com/…',
    },
    {
      key: 'social_media.linkedin',
      label: M.linkedinUrl,
      kind: 'url',
      group: 'social',
      placeholder: 'https://linkedin.com/company/…',
    },
  ],
  affiliate: [
    {
      key: 'verticals',
      label: M.verticals,
      kind: 'list',
      hint: M.commaHint,
      placeholder: 'Nutra, Dating',
    },
    {
      key: 'monthly_revenue',
      label: M.monthlyRevenue,
      kind: 'text',
      placeholder: M.monthlyRevenuePlaceholder,
    },
    {
      key: 'traffic_provided_geos',
      label: M.trafficGeos,
      kind: 'list',
      hint: M.commaHint,
      placeholder: 'US, GB, DE',
    },
    { key: 'reference_details.name', label: M.referenceName, kind: 'text', group: 'reference' },
    {
      key: 'reference_details.contact',
      label: M.referenceContact,
      kind: 'text',
      group: 'reference',
    },
    {
      key: 'reference_details.company',
      label: M.referenceCompany,
      kind: 'text',
      group: 'reference',
    },
  ],
  network: [
    { key: 'network_name', label: M.networkName, kind: 'text' },
    { key: 'signup_url', label: M.signupUrl, kind: 'url', placeholder: T.urlPlaceholder },
    { key: 'tracking_platform', label: M.trackingPlatform, kind: 'text' },
    {
      key: 'supported_models',
      label: M.supportedModels,
      kind: 'list',
      hint: M.commaHint,
      placeholder: PAYOUT_TYPES.join(', '),
    },
    {
      key: 'verticals',
      label: M.verticals,
      kind: 'list',
      hint: M.commaHint,
      placeholder: 'Finance, Gambling',
    },
    PAYMENT_TERMS,
    { key: 'offers_available', label: M.offersAvailable, kind: 'integer', min: 0, step: '1' },
    { key: 'minimum_payout', label: M.minimumPayout, kind: 'decimal', min: 0, step: '0.01' },
    REFERRAL_COMMISSION,
  ],
};

/** Advertisers also tick their payout types (CPA, CPL, CPI, RevShare). */
export const PAYOUT_TYPES_FIELD = 'entity_metadata.payout_types';

export interface RegistrationValues {
  entity_type: EntityType;
  name: string;
  email: string;
  website_url: string;
  description: string;
  image_url: string;
  additional_notes: string;
  contact_info: Record<ContactMethod, string>;
  /** Type-specific text values by dotted key (see METADATA_FIELDS). */
  metadata: Record<string, string>;
  payout_types: PayoutType[];
}

export type CommonField =
  'name' | 'email' | 'website_url' | 'description' | 'image_url' | 'additional_notes';

const EMPTY_CONTACT = Object.fromEntries(CONTACT_METHODS.map((m) => [m, ''])) as Record<
  ContactMethod,
  string
>;

/** A fresh form: the advertiser type and nothing filled in (also the state after a success). */
export function emptyRegistration(entityType: EntityType = 'advertiser'): RegistrationValues {
  return {
    entity_type: entityType,
    name: '',
    email: '',
    website_url: '',
    description: '',
    image_url: '',
    additional_notes: '',
    contact_info: { ...EMPTY_CONTACT },
    metadata: {},
    payout_types: [],
  };
}

function toNumber(raw: string): number | string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const n = Number(text);
  // Left as text when it is not a number, so the schema reports it ("… must be a number").
  return Number.isFinite(n) ? n : text;
}

function toList(raw: string): string[] | undefined {
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      node[part] = created;
      node = created;
    }
  }
  node[parts[parts.length - 1]!] = value;
}

function metadataBody(values: RegistrationValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of METADATA_FIELDS[values.entity_type]) {
    const raw = values.metadata[field.key] ?? '';
    let value: unknown;
    if (field.kind === 'list') value = toList(raw);
    else if (field.kind === 'integer' || field.kind === 'decimal') value = toNumber(raw);
    else value = raw.trim() || undefined;
    if (value !== undefined) setPath(body, field.key, value);
  }
  if (values.entity_type === 'advertiser' && values.payout_types.length) {
    body.payout_types = values.payout_types;
  }
  return body;
}

/**
 * The request body the form's values stand for (empty optional fields are left out). Typed as the
 * schema's input; a value the schema refuses (text in a number field) is left for it to report.
 */
export function buildRegistrationBody(values: RegistrationValues): EntityRegistrationInput {
  const contact: Record<string, string> = {};
  for (const method of CONTACT_METHODS) {
    const value = values.contact_info[method].trim();
    if (value) contact[method] = value;
  }
  const body: Record<string, unknown> = {
    entity_type: values.entity_type,
    name: values.name,
    email: values.email,
    website_url: values.website_url,
    description: values.description,
    contact_info: contact,
    entity_metadata: metadataBody(values),
  };
  if (values.image_url.trim()) body.image_url = values.image_url;
  if (values.additional_notes.trim()) body.additional_notes = values.additional_notes;
  return body as EntityRegistrationInput;
}

/** Every error key the form can show beside a field (dotted paths as the API reports them). */
export function knownFieldKeys(type: EntityType): Set<string> {
  return new Set<string>([
    'entity_type',
    'name',
    'email',
    'website_url',
    'description',
    'image_url',
    'additional_notes',
    'contact_info',
    ...CONTACT_METHODS.map((m) => `contact_info.${m}`),
    ...METADATA_FIELDS[type].map((f) => `entity_metadata.${f.key}`),
    ...(type === 'advertiser' ? [PAYOUT_TYPES_FIELD] : []),
  ]);
}

export type RegistrationErrors = Partial<Record<string, string>>;

/** Key under which the form shows an issue: the longest known prefix of its path, else 'form'. */
export function errorKeyFor(path: FieldIssue['path'], known: Set<string>): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter(Boolean);
  for (let i = parts.length; i > 0; i -= 1) {
    const key = parts.slice(0, i).join('.');
    if (known.has(key)) return key;
  }
  return 'form';
}

/** One message per key (the first one wins). */
export function errorsFromIssues(
  issues: readonly FieldIssue[],
  type: EntityType,
): RegistrationErrors {
  const known = knownFieldKeys(type);
  const errors: RegistrationErrors = {};
  for (const issue of issues) {
    const key = errorKeyFor(issue.path, known);
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The `errorsOf` of the form's useContractForm (docs/product/validation.md): the contract's (or
 * the API's) messages by field, and the contact rule at once when no method is filled in (the
 * schema checks it only once every other field is valid).
 */
export function registrationErrors(
  issues: readonly FieldIssue[],
  values: RegistrationValues,
): RegistrationErrors {
  const errors = errorsFromIssues(issues, values.entity_type);
  if (!errors.contact_info && !CONTACT_METHODS.some((m) => values.contact_info[m].trim())) {
    errors.contact_info = ENTITY_MESSAGES.contactMethodRequired;
  }
  return errors;
}
