import { useId, useState } from 'react';
import Star from 'lucide-react/icons/star';
import { RATING_MAX } from '@trustlinks/contract/constants';
import { cn } from '../../lib/cn';
import { plural } from '../../lib/plural';

interface StarInputProps {
  /** The group's visible name (a legend). */
  label: string;
  /** 0 for no rating yet, else 1 to 5. */
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  size?: 'sm' | 'md';
  className?: string;
  disabled?: boolean;
}

/**
 * Rating by clicking 1 to 5 stars. Native radio buttons underneath: arrow keys move between stars,
 * screen readers hear "3 stars, 3 of 5", and the form can be used without a pointer.
 */
export function StarInput({
  label,
  value,
  onChange,
  error,
  size = 'md',
  className,
  disabled,
}: StarInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset
      className={cn('flex flex-col gap-1.5', className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex items-center gap-1" onMouseLeave={() => setHover(0)}>
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const n = i + 1;
          return (
            <label
              key={n}
              className="group relative cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              onMouseEnter={() => setHover(n)}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={`${n} ${plural(n, 'star', 'stars')}`}
              />
              <Star
                aria-hidden="true"
                className={cn(
                  size === 'sm' ? 'size-6' : 'size-8',
                  'transition-colors',
                  n <= shown ? 'fill-star text-star' : 'fill-transparent text-muted-foreground/50',
                )}
              />
            </label>
          );
        })}
        <span className="ml-2 text-sm text-muted-foreground tabular-nums" aria-hidden="true">
          {value ? `${value}/${RATING_MAX}` : ''}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
