import type { FastifyPluginAsync } from 'fastify';
import { COMPANY_MESSAGES } from '@trustlinks/contract/companies';
import * as routes from '@trustlinks/contract/routes/companies';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES, sendCached } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as companies from './companies.service';
import { importCompaniesUpload } from './company-upload.service';

// Any logged-in user (docs/product/roles.md); a visitor hears the spec's own words (docs/product/validation.md "Company list").
const companyDatabase = { loginMessage: COMPANY_MESSAGES.loginRequired };

export const companiesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // The list shows no contact details, so it is the same for every signed-in viewer: kept
  // briefly (lib/read-cache/store.ts). The guard still checks the session on every request.
  addRoute(app, routes.list, companyDatabase, async (req, reply) => {
    const viewer = requireUser(req);
    return sendCached(reply, app.readCache, `companies:${JSON.stringify(req.query)}`, () =>
      companies.listCompanies(deps.forPublicRead(req), viewer, req.query),
    );
  });

  // Visitors' teaser (docs/decisions/053-phone-first-and-database-teaser.md): the same for
  // everyone, no query, kept like the landing; an import clears it with the list (scope companies).
  addRoute(app, routes.teaser, {}, async (req, reply) =>
    sendCached(reply, app.readCache, 'companies:teaser', () =>
      companies.companyTeaser(deps.forPublicRead(req)),
    ),
  );

  addRoute(app, routes.searchContacts, companyDatabase, async (req) =>
    companies.searchContacts(deps, requireUser(req), req.query),
  );

  addRoute(app, routes.get, companyDatabase, async (req) =>
    companies.getCompany(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.contacts, companyDatabase, async (req) =>
    companies.listCompanyContacts(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.importCsv, { clearsReadCache: READ_CACHE_SCOPES.companies }, async (req) =>
    importCompaniesUpload(deps, requireUser(req), req.body),
  );
};
