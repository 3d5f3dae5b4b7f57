import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import { AuthLinks } from './auth-links';
import { AvatarButtonFace } from './avatar';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';
import { NotificationsButton } from './notifications-button';
import { ThemeToggle } from './theme-toggle';

// Radix's dropdown is only needed once someone is logged in: keep it out of the first paint.
const UserMenu = lazy(() => import('./user-menu'));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap transition-colors lg:px-3',
    isActive ? 'text-brand' : 'text-muted-foreground hover:text-foreground',
  );

export function Header() {
  const session = useSession();
  const user = session?.user ?? null;
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  const closeMenu = useCallback((restoreFocus = false) => {
    setMenuOpen(false);
    if (restoreFocus) menuButtonRef.current?.focus();
  }, []);

  // Close the mobile menu on every navigation.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  // Logout (docs/product/screens.md#header): home, then the session ends (lib/sign-out.ts).
  const { signOut: handleLogout } = useSignOut();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen, closeMenu]);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      <Container className="flex h-16 items-center gap-2">
        <Logo className="mr-2 shrink-0 lg:mr-6" />

        <nav aria-label="Main" className="hidden items-center md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <NotificationsButton />

          {user ? (
            <div className="ml-1 hidden md:block">
              <Suspense fallback={<AvatarButtonFace user={user} />}>
                <UserMenu user={user} onLogout={handleLogout} />
              </Suspense>
            </div>
          ) : (
            <AuthLinks
              className="ml-1 hidden items-center gap-2 md:flex"
              size="sm"
              loginVariant="ghost"
            />
          )}

          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </Container>

      {menuOpen ? (
        <MobileMenu
          id="mobile-menu"
          user={user}
          onClose={() => closeMenu()}
          onLogout={handleLogout}
        />
      ) : null}
    </header>
  );
}
