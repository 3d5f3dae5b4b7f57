import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Once a page knows the address of what it shows (`path`, from its slug), an address naming it
 * otherwise (its id, an old slug: `key`, the address's last part) is replaced by that one, query
 * and state kept, as the server's 301 does for a page opened there (docs/decisions/022).
 */
export function useCanonicalAddress(key: string, path: string | null | undefined): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!path || location.pathname === path) return;
    if (
      !location.pathname.endsWith(`/${encodeURIComponent(key)}`) &&
      !location.pathname.endsWith(`/${key}`)
    )
      return;
    void navigate(`${path}${location.search}${location.hash}`, {
      replace: true,
      state: location.state,
    });
  }, [key, path, location.pathname, location.search, location.hash, location.state, navigate]);
}
