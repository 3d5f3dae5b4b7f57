import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block for content that is loading. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('motion-safe:animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
