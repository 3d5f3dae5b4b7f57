import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import { Link } from 'react-router';
import type { CurrentUser } from '@trustlinks/contract/users';
import { dashboardLabelForRole, dashboardPathForRole } from '../../lib/session';
import { capitalize, displayName } from '../../lib/user-display';
import { AvatarButtonFace } from './avatar';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none ' +
  'data-[highlighted]:bg-muted data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground';

/** The logged-in user menu (docs/product/screens.md#header). Loaded lazily: logged-out visitors never download Radix. */
export default function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const name = displayName(user);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${name}`}
        // Hover darkens the circle (not fades it): faded initials would fall below AA contrast.
        className="group rounded-full outline-offset-2"
      >
        <AvatarButtonFace user={user} />
      </DropdownMenu.Trigger>
      {/* No portal: the menu stays inside the header (the banner landmark), so no content floats
          outside a landmark. Floating UI positions it within the header's containing block. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 w-60 rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg"
      >
        <div className="px-2.5 py-2">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="text-xs text-muted-foreground">{capitalize(user.role)}</p>
        </div>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to={dashboardPathForRole(user.role)}>
            <LayoutDashboard aria-hidden="true" />
            {dashboardLabelForRole(user.role)}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
