import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Sends a visitor to /login, to come back to where they were (the page, its search and hash)
 * once logged in (docs/decisions/027: a visitor's Helpful or Reply goes to login and comes back).
 */
export function useLoginAndReturn(): (next?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (next?: string) => {
      const here = next ?? `${location.pathname}${location.search}${location.hash}`;
      navigate(here === '/login' ? '/login' : `/login?next=${encodeURIComponent(here)}`);
    },
    [navigate, location],
  );
}
