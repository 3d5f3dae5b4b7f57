-- Contact search sorts a capped set of matches instead of walking a name index (docs/decisions/007).
DROP INDEX "affiliate_company_contacts_sort_idx";