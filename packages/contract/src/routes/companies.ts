import { defineRoute } from '../route';
import {
  companyContactsResponseSchema,
  companyDetailResponseSchema,
  companyImportBodySchema,
  companyImportResponseSchema,
  companyListQuerySchema,
  companyListResponseSchema,
  companyTeaserResponseSchema,
  contactSearchQuerySchema,
  contactSearchResponseSchema,
} from '../companies';
import { apiErrorSchema, errorResponses } from '../errors';
import { idParamsSchema } from '../params';

/**
 * The company database: companies and their contacts, for any signed-in user (docs/product/roles.md;
 * email and phone for verified users only), and the admin's CSV import.
 */
const tag = 'companies';
const errors = errorResponses(400, 401, 403);

export const list = defineRoute({
  method: 'GET',
  path: '/affiliate-companies/fetch',
  auth: 'user',
  tag,
  summary: 'Companies in name order; filter by type, search by name',
  query: companyListQuerySchema,
  responses: { 200: companyListResponseSchema, ...errors },
});

/**
 * What a visitor may see of the database (docs/decisions/053-phone-first-and-database-teaser.md):
 * a fixed, small list of names, types and websites. It takes no parameters: nothing to page or
 * search with.
 */
export const teaser = defineRoute({
  method: 'GET',
  path: '/affiliate-companies/teaser',
  auth: 'public',
  tag,
  summary: 'The first companies in name order (name, type, website) and the total, for visitors',
  responses: { 200: companyTeaserResponseSchema, ...errorResponses(429) },
});

// Static paths win over /:id in Fastify's router, so "contacts" is never read as a company id.
export const searchContacts = defineRoute({
  method: 'GET',
  path: '/affiliate-companies/contacts/search',
  auth: 'user',
  tag,
  summary: 'Search contacts by name or designation (email and phone for verified users only)',
  query: contactSearchQuerySchema,
  responses: { 200: contactSearchResponseSchema, 429: apiErrorSchema, ...errors },
});

export const get = defineRoute({
  method: 'GET',
  path: '/affiliate-companies/:id',
  auth: 'user',
  tag,
  summary: 'Company details',
  params: idParamsSchema,
  responses: { 200: companyDetailResponseSchema, 404: apiErrorSchema, ...errors },
});

export const contacts = defineRoute({
  method: 'GET',
  path: '/affiliate-companies/:id/contacts',
  auth: 'user',
  tag,
  summary: "A company's contacts (email and phone for verified users only)",
  params: idParamsSchema,
  responses: {
    200: companyContactsResponseSchema,
    404: apiErrorSchema,
    429: apiErrorSchema,
    ...errors,
  },
});

export const importCsv = defineRoute({
  method: 'POST',
  path: '/admin/affiliate-companies/import',
  auth: ['admin'],
  tag: 'admin',
  summary: 'Import companies and contacts from CSV text (all or nothing unless skip_invalid)',
  body: companyImportBodySchema,
  responses: { 200: companyImportResponseSchema, ...errors },
});
