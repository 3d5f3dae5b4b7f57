import type { z } from 'zod';
import type { companyImportBodySchema, ImportReport } from '@trustlinks/contract/companies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest } from '../../errors';
import type { Deps } from '../../lib/deps';
import { COMPANIES_SERVER_MESSAGES } from './companies.messages';
import { importCompanies, ImportFileError } from './company-import.service';
import { parseCsv } from './csv';

type UploadInput = z.output<typeof companyImportBodySchema>;

/** The admin upload: the same import as the CLI, on CSV text from the request body. */
export async function importCompaniesUpload(
  deps: Deps,
  admin: AuthUser,
  input: UploadInput,
): Promise<{ message: string; report: ImportReport }> {
  const records = parseCsv(input.csv);
  let result;
  try {
    result = await importCompanies(deps.db, () => records, { skipInvalid: input.skip_invalid });
  } catch (err) {
    if (err instanceof ImportFileError) throw badRequest(err.message);
    throw err;
  }
  if (!result.written) {
    throw badRequest(
      COMPANIES_SERVER_MESSAGES.importRejected(result.rejected.length),
      result.rejected.map((r) => ({ path: `line ${r.line}`, message: r.errors.join('; ') })),
    );
  }
  deps.log.info(
    { adminId: admin.id, companies: result.companies, contacts: result.contacts },
    'companies imported',
  );
  const { written: _written, ...report } = result;
  return { message: COMPANIES_SERVER_MESSAGES.imported, report };
}
