import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A data table that stays usable on phones. From the md breakpoint up it is a table, scrolling
 * sideways inside its own container when the screen is too narrow for it (the page never does).
 * Below md every row becomes a stacked card: each cell on its own line, prefixed by its `label`.
 * The explicit ARIA roles keep the table semantics when the display changes.
 */
export function Table({
  className,
  minWidth = 'md:min-w-[44rem]',
  label,
  ...props
}: ComponentProps<'table'> & { minWidth?: string; label?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="w-full rounded-xl border border-border bg-card shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:overflow-x-auto"
    >
      <table
        role="table"
        className={cn('w-full border-collapse text-left text-sm max-md:block', minWidth, className)}
        {...props}
      />
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      role="rowgroup"
      className={cn('bg-muted/60 text-muted-foreground max-md:hidden', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      role="rowgroup"
      className={cn('divide-y divide-border max-md:block', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn(
        'transition-colors hover:bg-muted/30 max-md:flex max-md:flex-col max-md:gap-2 max-md:px-4 max-md:py-4',
        className,
      )}
      {...props}
    />
  );
}

export function TableHeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn('px-4 py-3 text-xs font-semibold tracking-wide uppercase', className)}
      {...props}
    />
  );
}

interface TableCellProps extends ComponentProps<'td'> {
  /** The column's name, shown before the value when rows are stacked (phones). */
  label?: string;
}

export function TableCell({ className, label, ...props }: TableCellProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'px-4 py-3 align-middle max-md:flex max-md:min-w-0 max-md:items-center max-md:justify-between max-md:gap-4 max-md:p-0',
        label &&
          'max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  );
}

interface DataTableProps<Row> {
  label: string;
  minWidth?: string;
  /** The header row's cells (TableHeaderCell). */
  header: ReactNode;
  rows: readonly Row[];
  /** One TableRow (with its key) per row. */
  renderRow: (row: Row) => ReactNode;
  bodyClassName?: string | undefined;
}

/** A Table of one header row and a row per item: what the list screens show. */
export function DataTable<Row>({
  label,
  minWidth,
  header,
  rows,
  renderRow,
  bodyClassName,
}: DataTableProps<Row>) {
  return (
    <Table label={label} minWidth={minWidth}>
      <TableHead>
        <tr role="row">{header}</tr>
      </TableHead>
      <TableBody className={bodyClassName}>{rows.map((row) => renderRow(row))}</TableBody>
    </Table>
  );
}
