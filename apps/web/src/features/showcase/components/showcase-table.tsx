import Mail from 'lucide-react/icons/mail';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table';
import { toast } from '../../../lib/toast';
import type { ShowcaseOffer } from '../showcase-offers';
import { SHOWCASE_TEXT as T } from '../showcase-texts';

const C = T.columns;

/** Title, Category, Target GEO, Payout, Description, Contact (docs/product/offers.md#showcase). */
export function ShowcaseTable({ offers }: { offers: readonly ShowcaseOffer[] }) {
  return (
    <DataTable
      label={T.tableLabel}
      minWidth="md:min-w-[48rem]"
      header={
        <>
          <TableHeaderCell>{C.title}</TableHeaderCell>
          <TableHeaderCell>{C.category}</TableHeaderCell>
          <TableHeaderCell>{C.geo}</TableHeaderCell>
          <TableHeaderCell>{C.payout}</TableHeaderCell>
          <TableHeaderCell>{C.description}</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only md:not-sr-only">{C.contact}</span>
          </TableHeaderCell>
        </>
      }
      rows={offers}
      renderRow={(offer) => (
        <TableRow key={offer.id}>
          <TableCell className="font-medium max-md:text-base">
            <span className="break-words">{offer.title}</span>
          </TableCell>
          <TableCell label={C.category}>
            <Badge variant="brand">{offer.category}</Badge>
          </TableCell>
          <TableCell label={C.geo} className="md:max-w-40">
            <span className="break-words max-md:text-right">{offer.geo}</span>
          </TableCell>
          <TableCell label={C.payout} className="font-semibold whitespace-nowrap">
            {offer.payout}
          </TableCell>
          <TableCell className="text-muted-foreground md:max-w-72">
            <span className="line-clamp-3 break-words" title={offer.description}>
              {offer.description}
            </span>
          </TableCell>
          <TableCell className="md:w-px">
            <Button
              variant="outline"
              size="sm"
              aria-label={T.contactLabel(offer.title)}
              onClick={() => toast.info(T.contactInfo)}
              className="max-md:w-full"
            >
              <Mail aria-hidden="true" />
              {T.contact}
            </Button>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
