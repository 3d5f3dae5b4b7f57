import { PRIORITIES } from '@trustlinks/contract/offer-requests';
import type { Priority } from '@trustlinks/contract/offer-requests';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/form-field';
import type { WishlistFilters as Filters } from '../api/get-offer-requests';
import { PRIORITY_LABELS, WISHLIST_TEXT as T } from '../wishlist-texts';
import { Form } from '../../../components/ui/form';

interface WishlistFiltersProps {
  value: Filters;
  onChange: (value: Filters) => void;
}

/** Vertical and GEO (free text, matched as substrings on the server) and priority. */
export function WishlistFilters({ value, onChange }: WishlistFiltersProps) {
  return (
    <Card className="p-4 sm:p-5">
      <Form
        role="search"
        aria-label={T.filtersLabel}
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 sm:grid-cols-3"
      >
        <TextField
          label={T.vertical}
          type="search"
          value={value.vertical}
          placeholder={T.verticalPlaceholder}
          maxLength={100}
          onChange={(event) => onChange({ ...value, vertical: event.target.value })}
        />
        <TextField
          label={T.geo}
          type="search"
          value={value.geo}
          placeholder={T.geoPlaceholder}
          maxLength={60}
          onChange={(event) => onChange({ ...value, geo: event.target.value })}
        />
        <SelectField
          label={T.priority}
          value={value.priority}
          onChange={(event) =>
            onChange({ ...value, priority: event.target.value as Priority | 'all' })
          }
        >
          <option value="all">{T.priorityAll}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
      </Form>
    </Card>
  );
}
