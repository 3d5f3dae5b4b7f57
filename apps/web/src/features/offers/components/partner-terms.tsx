import { Link } from 'react-router';
import type { Offer } from '@trustlinks/contract/offers';
import { Card } from '../../../components/ui/card';
import { DEAL_TEXT } from '../../../components/deals/deal-texts';
import { YourTerms } from '../../../components/deals/your-terms';
import { entityPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { usePartnerTerms } from '../api/get-partner-terms';

/**
 * The owner's side of "Your terms" on its offer page (docs/decisions/048-agreed-terms.md): each
 * partner running the offer with the payout agreed with it. Nothing for anyone else, nor before
 * the first partner.
 */
export function PartnerTerms({ offer }: { offer: Offer }) {
  const session = useSession();
  const own = Boolean(session?.user.entity_id && session.user.entity_id === offer.entity_id);
  const partners = usePartnerTerms(offer.offer_id, own);
  const rows = partners.data?.applications ?? [];
  if (!own || !rows.length) return null;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold">{DEAL_TEXT.partnersHeading}</h2>
      <ul className="mt-3 flex flex-col gap-2">
        {rows.map((a) => (
          <li key={a.application_id} className="flex flex-wrap items-baseline gap-x-2">
            <Link
              to={entityPath(a.applicant_entity_slug)}
              className="text-sm font-medium underline-offset-4 hover:underline"
            >
              {a.applicant_name}
            </Link>
            <YourTerms terms={a.terms} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
