import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  COMPANY_MESSAGES,
  companyContactsResponseSchema,
  companyDetailResponseSchema,
  companyImportBodySchema,
  companyImportResponseSchema,
  companyListQuerySchema,
  companyListResponseSchema,
  contactSearchQuerySchema,
  contactSearchResponseSchema,
} from '@trustlinks/contract/companies';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES, sendCached } from '../../lib/read-cache';
import * as companies from './companies.service';
import { importCompaniesUpload } from './company-upload.service';

const errors = errorResponses(400, 401, 403);
const tags = ['companies'];
// Any logged-in user (docs/product/roles.md); a visitor hears the spec's own words (docs/product/validation.md "Company list").
const companyDatabase = { auth: 'user', loginMessage: COMPANY_MESSAGES.loginRequired } as const;

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/affiliate-companies/fetch',
    {
      config: companyDatabase,
      schema: {
        tags,
        summary: 'Companies in name order; filter by type, search by name',
        querystring: companyListQuerySchema,
        response: { 200: companyListResponseSchema, ...errors },
      },
    },
    // The list shows no contact details, so it is the same for every signed-in viewer: kept
    // briefly (lib/read-cache/store.ts). The guard still checks the session on every request.
    async (req, reply) => {
      const viewer = requireUser(req);
      return sendCached(reply, app.readCache, `companies:${JSON.stringify(req.query)}`, () =>
        companies.listCompanies(deps.forPublicRead(req), viewer, req.query),
      );
    },
  );

  // Static paths win over /:id in Fastify's router, so "contacts" is never read as a company id.
  app.get(
    '/affiliate-companies/contacts/search',
    {
      config: companyDatabase,
      schema: {
        tags,
        summary: 'Search contacts by name or designation (email and phone for verified users only)',
        querystring: contactSearchQuerySchema,
        response: { 200: contactSearchResponseSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (req) => companies.searchContacts(deps, requireUser(req), req.query),
  );

  app.get(
    '/affiliate-companies/:id',
    {
      config: companyDatabase,
      schema: {
        tags,
        summary: 'Company details',
        params: idParamsSchema,
        response: { 200: companyDetailResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => companies.getCompany(deps, requireUser(req), req.params.id),
  );

  app.get(
    '/affiliate-companies/:id/contacts',
    {
      config: companyDatabase,
      schema: {
        tags,
        summary: "A company's contacts (email and phone for verified users only)",
        params: idParamsSchema,
        response: {
          200: companyContactsResponseSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (req) => companies.listCompanyContacts(deps, requireUser(req), req.params.id),
  );

  app.post(
    '/admin/affiliate-companies/import',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.companies },
      schema: {
        tags: ['admin'],
        summary: 'Import companies and contacts from CSV text (all or nothing unless skip_invalid)',
        body: companyImportBodySchema,
        response: { 200: companyImportResponseSchema, ...errors },
      },
    },
    async (req) => importCompaniesUpload(deps, requireUser(req), req.body),
  );
};
