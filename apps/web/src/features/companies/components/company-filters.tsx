import Search from 'lucide-react/icons/search';
import { useId } from 'react';
import type { CompanyType } from '@trustlinks/contract/companies';
import { COMPANY_LIMITS } from '@trustlinks/contract/companies';
import { COMPANY_TYPES } from '@trustlinks/contract/constants';
import { inputClass, selectClass } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
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
  const searchId = useId();
  const typeId = useId();
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {FILTERS.searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={COMPANY_LIMITS.searchMax}
            placeholder={FILTERS.searchPlaceholder}
            onChange={(e) => onSearchChange(e.target.value)}
            className={cn(inputClass, 'pl-9')}
            autoComplete="off"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5 sm:w-48">
        <label htmlFor={typeId} className="text-sm font-medium">
          {FILTERS.typeLabel}
        </label>
        <select
          id={typeId}
          value={type ?? ''}
          onChange={(e) => onTypeChange((e.target.value || undefined) as CompanyType | undefined)}
          className={selectClass}
        >
          <option value="">{FILTERS.allTypes}</option>
          {COMPANY_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
