import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import Search from 'lucide-react/icons/search';
import { cn } from '../../lib/cn';
import { FormField, inputClass, splitChrome } from './form-field';
import type { FieldChrome } from './form-field';

export interface SearchInputProps extends ComponentPropsWithoutRef<'input'> {
  /** The decorative icon inside the box, left: a magnifier unless told (the GEO box's globe). */
  icon?: LucideIcon;
}

/**
 * A text box with its icon inside, left: the search boxes (type="search" unless told).
 * The ref is passed on to the <input> (forwardRef), e.g. for the entity picker's focus return.
 */
export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  { icon: Icon = Search, type = 'search', className, ...input },
  ref,
) {
  return (
    <div className="relative">
      <Icon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input ref={ref} type={type} className={cn(inputClass, 'pl-9', className)} {...input} />
    </div>
  );
});

export interface SearchFieldProps extends FieldChrome, Omit<SearchInputProps, 'id'> {}

/** A labelled SearchInput: FormField's label, hint and error tied to the box. */
export function SearchField(props: SearchFieldProps) {
  const [chrome, input] = splitChrome(props);
  return <FormField {...chrome}>{(ids) => <SearchInput {...ids} {...input} />}</FormField>;
}
