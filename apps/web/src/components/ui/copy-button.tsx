import Copy from 'lucide-react/icons/copy';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { Button, type ButtonSize, type ButtonVariant } from './button';

/**
 * Copies a text (a tracking link, a review's address) and says so in a toast; when the browser
 * refuses, says that instead.
 */
export function CopyButton({
  text,
  label,
  copied,
  failed,
  icon = <Copy aria-hidden="true" />,
  variant = 'outline',
  size = 'sm',
}: {
  text: string;
  label: string;
  copied: string;
  failed: string;
  icon?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      toast.error(failed);
    }
  }
  return (
    <Button type="button" variant={variant} size={size} onClick={() => void handleCopy()}>
      {icon}
      {label}
    </Button>
  );
}
