import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import type { AccessLevel, Company, Contact } from '@trustlinks/contract/companies';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { useCompanyContacts } from '../api/get-company-contacts';
import { CONTACTS } from '../companies-content';

interface CompanyContactsDialogProps {
  company: Company | null;
  viewerId: string;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server answered with limited access. */
  onVerify: () => void;
}

/** docs/product/data.md: the full name, or the first plus the last name. */
export function contactName(contact: Contact): string {
  return (
    contact.full_name.trim() ||
    [contact.first_name, contact.last_name].filter(Boolean).join(' ').trim()
  );
}

/** The server's advice for a refusal it explains (429, 401), else docs/product/errors.md's message. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiClientError && (error.status === 429 || error.status === 401)) {
    return serverMessage(error) ?? CONTACTS.failed;
  }
  return CONTACTS.failed;
}

function ContactDetails({ contact, access }: { contact: Contact; access: AccessLevel }) {
  if (access !== 'full') {
    return <p className="text-sm text-muted-foreground italic">{CONTACTS.hidden}</p>;
  }
  if (!contact.email && !contact.phone) {
    return <p className="text-sm text-muted-foreground">{CONTACTS.noDetails}</p>;
  }
  return (
    <dl className="flex flex-col gap-1 text-sm">
      {contact.email ? (
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="sr-only">{CONTACTS.email}</span>
          </dt>
          <dd className="min-w-0">
            <a
              href={`mailto:${contact.email}`}
              className="[overflow-wrap:anywhere] text-brand-soft-foreground underline-offset-4 hover:underline dark:text-brand"
            >
              {/* On a narrow screen a long address breaks after the @ first. */}
              {contact.email.split('@')[0]}@<wbr />
              {contact.email.split('@').slice(1).join('@')}
            </a>
          </dd>
        </div>
      ) : null}
      {contact.phone ? (
        <div className="flex items-center gap-2">
          <dt>
            <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="sr-only">{CONTACTS.phone}</span>
          </dt>
          <dd>
            <a
              href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
              className="underline-offset-4 hover:underline"
            >
              {contact.phone}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** '{company} - Contacts' with the access level and each contact (docs/product/companies.md). */
export function CompanyContactsDialog({
  company,
  viewerId,
  onOpenChange,
  onVerify,
}: CompanyContactsDialogProps) {
  const query = useCompanyContacts(company?.affliate_id ?? null, viewerId);
  const access = query.data?.access;

  return (
    <Dialog open={company !== null} onOpenChange={onOpenChange}>
      {company ? (
        <DialogContent
          title={CONTACTS.title(company.company_name)}
          size="lg"
          closeLabel={CONTACTS.close}
          footer={
            access === 'limited' ? <Button onClick={onVerify}>{CONTACTS.verify}</Button> : undefined
          }
        >
          <div className="flex flex-col gap-4">
            <p className="flex items-center gap-2 text-sm">
              <span className="text-muted-foreground">{CONTACTS.accessLevel}</span>
              {access ? (
                <Badge variant={access === 'full' ? 'success' : 'warning'}>
                  {access === 'full' ? CONTACTS.full : CONTACTS.limited}
                </Badge>
              ) : (
                <Skeleton className="h-5 w-24 rounded-full" />
              )}
            </p>

            {query.isPending ? (
              <ul aria-hidden="true" className="flex flex-col gap-3">
                {[0, 1, 2].map((i) => (
                  <li key={i} className="rounded-lg border border-border p-4">
                    <Skeleton className="h-5 w-40" />
                    <Skeleton className="mt-2 h-4 w-28" />
                    <Skeleton className="mt-3 h-4 w-56" />
                  </li>
                ))}
              </ul>
            ) : query.isError ? (
              <Alert variant="danger">{failureMessage(query.error)}</Alert>
            ) : query.data.data.length === 0 ? (
              <p className="py-6 text-center text-muted-foreground">{CONTACTS.empty}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {query.data.data.map((contact) => (
                  <li
                    key={contact.contact_id}
                    className="flex flex-col gap-2 rounded-lg border border-border p-4"
                  >
                    <div>
                      <p className="font-medium">{contactName(contact)}</p>
                      {contact.designation ? (
                        <p className="text-sm text-muted-foreground">{contact.designation}</p>
                      ) : null}
                    </div>
                    <ContactDetails contact={contact} access={query.data.access} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
