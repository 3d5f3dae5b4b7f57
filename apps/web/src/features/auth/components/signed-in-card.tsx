import CircleCheck from 'lucide-react/icons/circle-check';
import { Link } from 'react-router';
import type { CurrentUser } from '@trustlinks/contract/users';
import { Button, buttonClasses } from '../../../components/ui/button';
import { dashboardPathForRole } from '../../../lib/session';
import { useSignOut } from '../../../lib/sign-out';
import { LOGIN_TEXT as T } from '../auth-texts';
import { AuthShell } from './form-controls';

/** /login for someone already logged in (not an admin, who sees the admin panel instead). */
export function SignedInCard({ user }: { user: CurrentUser }) {
  const { signOut } = useSignOut();
  return (
    <AuthShell
      title={T.signedInTitle}
      subtitle={
        <>
          {T.signedInAs} <span className="font-medium text-foreground">{user.email}</span>
        </>
      }
      tone="success"
      icon={<CircleCheck />}
    >
      <Link to={dashboardPathForRole(user.role)} className={buttonClasses({ className: 'w-full' })}>
        {T.goToDashboard}
      </Link>
      <Button variant="ghost" className="mt-2 w-full" onClick={signOut}>
        {T.logOut}
      </Button>
    </AuthShell>
  );
}
