import { z } from 'zod';

/**
 * Field rules shared by the forms of several areas, each written once (their messages are the ones
 * the forms show under the field).
 */

/** Required text, trimmed: "<label> is required", "<label> must be at most <max> characters". */
export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const trimmedText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

const dateTimeOrEmpty = (label: string) =>
  z.union([
    z.literal(''),
    z.null(),
    z.iso.datetime({ offset: true, error: `${label} must be a date and time` }),
  ]);

/** Optional text, trimmed: empty strings and null become null. */
export const optionalText = (max: number, label: string) =>
  trimmedText(max, label)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional ISO date and time with its offset: empty strings and null become null. */
export const optionalDateTime = (label: string) =>
  dateTimeOrEmpty(label)
    .optional()
    .transform((v) => (v ? v : null));

/**
 * The same fields in an edit: absent stays undefined (the stored value is kept); an empty value
 * or null clears it. (optionalText and optionalDateTime turn absent into null: right for a new
 * record, wrong for an edit of some fields.)
 */
export const editableText = (max: number, label: string) =>
  trimmedText(max, label)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

export const editableDateTime = (label: string) =>
  dateTimeOrEmpty(label)
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));
