import type { CompanyType } from '@trustlinks/contract/companies';
import { COMPANY_LIMITS } from '@trustlinks/contract/companies';
import { COMPANY_TYPES } from '@trustlinks/contract/constants';
import { SelectField } from '../../../components/ui/form-field';
import { SearchField } from '../../../components/ui/search-field';
import { FILTERS } from '../companies-content';

interface CompanyFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  type: CompanyType | undefined;
  onTypeChange: (type: CompanyType | undefined) => void;
}

/** Search by name (debounced by the page) and the type filter (docs/product/companies.md). */
export function CompanyFilters({
  search,
  onSearchChange,
  type,
  onTypeChange,
}: CompanyFiltersProps) {
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchField
        label={FILTERS.searchLabel}
        className="min-w-0 flex-1"
        value={search}
        maxLength={COMPANY_LIMITS.searchMax}
        placeholder={FILTERS.searchPlaceholder}
        onChange={(e) => onSearchChange(e.target.value)}
        autoComplete="off"
      />
      <SelectField
        label={FILTERS.typeLabel}
        className="sm:w-48"
        value={type ?? ''}
        onChange={(e) => onTypeChange((e.target.value || undefined) as CompanyType | undefined)}
      >
        <option value="">{FILTERS.allTypes}</option>
        {COMPANY_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
