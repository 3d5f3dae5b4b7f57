import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import { Link, NavLink } from 'react-router';
import type { CurrentUser } from '@trustlinks/contract/users';
import { Container } from '../../components/ui/container';
import { cn } from '../../lib/cn';
import { dashboardLabelForRole, dashboardPathForRole } from '../../lib/session';
import { capitalize, displayName } from '../../lib/user-display';
import { AuthLinks } from './auth-links';
import { AvatarButtonFace } from './avatar';
import { NAV_LINKS } from './nav-links';

interface MobileMenuProps {
  id: string;
  user: CurrentUser | null;
  onClose: () => void;
  /** Logs out and returns to / (the header does both, in that order). */
  onLogout: () => void;
}

const rowClass =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium transition-colors hover:bg-muted [&_svg]:size-5 [&_svg]:text-muted-foreground';

/**
 * The navigation panel below the md breakpoint: a disclosure under the header (the header owns
 * the open state and closes it on navigation, on Escape and on a tap outside the header).
 */
export function MobileMenu({ id, user, onClose, onLogout }: MobileMenuProps) {
  function handleLogout() {
    onClose();
    onLogout();
  }

  return (
    <div
      id={id}
      className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background shadow-lg md:hidden"
    >
      <Container className="py-3">
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-0.5">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(rowClass, isActive ? 'text-brand' : 'text-foreground')
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-3 border-t border-border pt-3">
          {user ? (
            <div className="flex flex-col gap-0.5">
              <div className="flex items-center gap-3 px-3 py-2">
                <AvatarButtonFace user={user} />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{displayName(user)}</p>
                  <p className="text-xs text-muted-foreground">{capitalize(user.role)}</p>
                </div>
              </div>
              <Link to={dashboardPathForRole(user.role)} className={rowClass}>
                <LayoutDashboard aria-hidden="true" />
                {dashboardLabelForRole(user.role)}
              </Link>
              <Link to="/profile" className={rowClass}>
                <UserRound aria-hidden="true" />
                Profile
              </Link>
              <button
                type="button"
                onClick={handleLogout}
                className={cn(rowClass, 'w-full text-left')}
              >
                <LogOut aria-hidden="true" />
                Logout
              </button>
            </div>
          ) : (
            <AuthLinks className="grid grid-cols-2 gap-2" size="lg" loginVariant="outline" />
          )}
        </div>
      </Container>
    </div>
  );
}
