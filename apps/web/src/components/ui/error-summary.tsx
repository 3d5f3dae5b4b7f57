import { useEffect, useRef } from 'react';
import { Alert } from './alert';

/**
 * The errors of a form at its top, as a list (docs/decisions/027): it takes the focus when it appears, and
 * each item moves the focus to its field. A field is found by its own message: FormField renders
 * it as `<p id="{control id}-error">`, so the control is the element of that id without
 * `-error` (or the one described by it); a control without one gets its message scrolled to.
 */
export function ErrorSummary({
  title,
  messages,
  className,
}: {
  title: string;
  messages: string[];
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const key = messages.join('\n');
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);

  function focusField(message: string) {
    const scope: ParentNode = ref.current?.closest('form') ?? document;
    const error = Array.from(scope.querySelectorAll<HTMLElement>('[id$="-error"]')).find(
      (el) => el.textContent?.trim() === message,
    );
    if (!error) return;
    const control =
      document.getElementById(error.id.replace(/-error$/, '')) ??
      scope.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(error.id)}"]`);
    const target = control ?? error;
    target.scrollIntoView?.({ block: 'center' });
    if (control) control.focus();
  }

  if (messages.length === 0) return null;
  return (
    <Alert ref={ref} variant="danger" title={title} className={className}>
      <ul className="list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>
            <button
              type="button"
              onClick={() => focusField(message)}
              className="text-left underline underline-offset-2 hover:no-underline"
            >
              {message}
            </button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
