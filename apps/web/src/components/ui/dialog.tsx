import * as RadixDialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import type { ButtonVariant } from './button';

/**
 * Modal dialog on Radix (focus trap, Escape, scroll lock, labelled by its title). Use:
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogContent title="…" description="…" footer={<DialogClose>…</DialogClose>}>…</DialogContent>
 *   </Dialog>
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-3xl' } as const;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  /** Hide the description visually (still read to screen readers). */
  hideDescription?: boolean;
  children?: ReactNode;
  /** Buttons along the bottom edge, outside the scrolling body. */
  footer?: ReactNode;
  size?: keyof typeof sizes;
  /** Accessible label of the corner close button; omit the button with null. */
  closeLabel?: string | null;
  className?: string;
  role?: 'dialog' | 'alertdialog';
}

export function DialogContent({
  title,
  description,
  hideDescription,
  children,
  footer,
  size = 'md',
  closeLabel = 'Close',
  className,
  role = 'dialog',
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
      <RadixDialog.Content
        role={role}
        // Without a description Radix warns unless it is told there is none.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-xl border border-border bg-card text-card-foreground shadow-xl outline-none',
          sizes[size],
          className,
        )}
      >
        <div className="flex items-start gap-3 border-b border-border px-5 py-4">
          <div className="min-w-0 flex-1">
            <RadixDialog.Title className="text-lg leading-snug font-semibold tracking-tight">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description
                className={cn('mt-1 text-sm text-muted-foreground', hideDescription && 'sr-only')}
              >
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {closeLabel ? (
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={closeLabel} className="-mr-2 -mt-1">
                <X aria-hidden="true" />
              </Button>
            </RadixDialog.Close>
          ) : null}
        </div>
        {children ? (
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        ) : null}
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-border px-5 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        ) : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
}

/** A yes/no question; confirming closes it and calls onConfirm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        size="sm"
        title={title}
        description={description}
        closeLabel={null}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </DialogClose>
            <Button
              variant={confirmVariant}
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
