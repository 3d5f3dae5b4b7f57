import type { CurrentUser } from '@trustlinks/contract/users';
import { initials } from '../../lib/user-display';

/** The initials circle used as the user-menu trigger (and its placeholder while it loads). */
export function AvatarButtonFace({ user }: { user: CurrentUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-foreground transition-colors group-hover:bg-brand-hover"
    >
      {initials(user)}
    </span>
  );
}
