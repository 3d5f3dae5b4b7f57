import { lazy, Suspense } from 'react';
import Bell from 'lucide-react/icons/bell';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { withQueryClient } from '../query-client-loader';

// The bell with its panel needs Radix and the notifications calls: only for logged-in users.
// Its queries need the QueryClient, which loads after the first paint (app/query-client-loader.ts).
const NotificationsBell = lazy(
  withQueryClient(() => import('../../features/notifications/components/notifications-bell')),
);

function PlainBell({ onClick }: { onClick?: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Notifications" onClick={onClick}>
      <Bell aria-hidden="true" />
    </Button>
  );
}

/**
 * The header's bell (docs/product/screens.md#header). Its static dot became the real unread count (docs/decisions/014): logged in, the bell
 * opens the latest notifications; a visitor's bell leads to /login and back.
 */
export function NotificationsButton() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!session || session.passwordResetRequired) {
    const here = `${location.pathname}${location.search}`;
    return (
      <PlainBell
        onClick={() =>
          navigate(here === '/login' ? '/login' : `/login?next=${encodeURIComponent(here)}`)
        }
      />
    );
  }
  return (
    <Suspense fallback={<PlainBell />}>
      <NotificationsBell key={session.user.user_id} />
    </Suspense>
  );
}
