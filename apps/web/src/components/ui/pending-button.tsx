import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { Button } from './button';
import type { ButtonProps } from './button';

export interface PendingButtonProps extends Omit<ButtonProps, 'children'> {
  /** A request is under way: the button shows a spinner and `pendingLabel`, and is disabled. */
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
  /** Shown before the label while idle (the spinner takes its place while pending). */
  icon?: ReactNode;
}

/** A form's submit button (type="submit" unless told): a spinner and "…ing" while pending. */
export function PendingButton({
  pending,
  label,
  pendingLabel,
  icon = null,
  type = 'submit',
  disabled,
  ...props
}: PendingButtonProps) {
  return (
    <Button type={type} disabled={pending || disabled} {...props}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : icon}
      {pending ? pendingLabel : label}
    </Button>
  );
}
