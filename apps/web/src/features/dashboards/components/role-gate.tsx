import type { ReactNode } from 'react';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { Link, Navigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { dashboardPathForRole, useSession } from '../../../lib/session';
import type { Session } from '../../../lib/session';
import { DASHBOARD_TEXT as T, ROLE_DASHBOARD_TEXT } from '../dashboards-texts';

export type DashboardRole = keyof typeof ROLE_DASHBOARD_TEXT;

interface RoleGateProps {
  role: DashboardRole;
  children: (session: Session) => ReactNode;
}

/**
 * A role dashboard's door (docs/product/dashboards.md, docs/product/roles.md): visitors go to /login (so does a session still
 * owing its forced password reset: the reset screen is there); other roles see
 * 'Access denied. {Role} role required.' with a link to their own dashboard.
 */
export function RoleGate({ role, children }: RoleGateProps) {
  const session = useSession();
  if (!session || session.passwordResetRequired) return <Navigate to="/login" replace />;
  if (session.user.role !== role) {
    return (
      <AccessDenied message={ROLE_DASHBOARD_TEXT[role].accessDenied} role={session.user.role} />
    );
  }
  return <>{children(session)}</>;
}

function AccessDenied({ message, role }: { message: string; role: string }) {
  return (
    <Container className="flex justify-center py-16 sm:py-24">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger-soft-foreground [&_svg]:size-6"
        >
          <ShieldAlert />
        </span>
        <p role="alert" className="font-medium">
          {message}
        </p>
        <Link to={dashboardPathForRole(role)} className={buttonClasses({ variant: 'outline' })}>
          {T.goToDashboard}
        </Link>
      </Card>
    </Container>
  );
}
