import Bell from 'lucide-react/icons/bell';
import { Button } from '../../components/ui/button';

/** SPEC §2.2: a bell with a static unread dot and no behaviour yet. */
export function NotificationsButton() {
  return (
    <Button variant="ghost" size="icon" aria-label="Notifications" className="relative">
      <Bell aria-hidden="true" />
      <span
        aria-hidden="true"
        className="absolute top-2 right-2 size-2 rounded-full bg-danger ring-2 ring-background"
      />
    </Button>
  );
}
