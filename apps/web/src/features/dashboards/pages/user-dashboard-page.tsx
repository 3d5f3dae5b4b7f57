import { useState } from 'react';
import type { ReactNode } from 'react';
import LogOut from 'lucide-react/icons/log-out';
import { Navigate } from 'react-router';
import type { CurrentUser } from '@trustlinks/contract/users';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Tabs } from '../../../components/ui/tabs';
import { dashboardPathForRole, useSession } from '../../../lib/session';
import { useSignOut } from '../../../lib/sign-out';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { USER_DASHBOARD_TEXT as T } from '../dashboards-texts';
import { isNewAccount } from '../new-account';

export type UserDashboardTab = 'overview' | 'reviews' | 'activity';

export interface UserDashboardTabContext {
  user: CurrentUser;
  /** Switches to another tab (the overview's 'View all'). */
  showTab: (tab: UserDashboardTab) => void;
}

export interface UserDashboardPageProps {
  /** A tab's content: the user's reviews, from the reviews feature (app/user-dashboard.tsx). */
  renderTab?: (tab: UserDashboardTab, context: UserDashboardTabContext) => ReactNode;
}

/**
 * User dashboard (docs/product/dashboards.md#user-dashboard): admins, advertisers, affiliates and
 * networks go to their own dashboards, visitors to /login; everyone else sees Overview, My Reviews
 * and Activity.
 */
export function UserDashboardPage({ renderTab = () => null }: UserDashboardPageProps) {
  useDocumentTitle(T.title);
  const session = useSession();
  const { signOut } = useSignOut();
  if (!session || session.passwordResetRequired) return <Navigate to="/login" replace />;
  const home = dashboardPathForRole(session.user.role);
  if (home !== '/user-dashboard') return <Navigate to={home} replace />;
  return (
    <UserDashboard
      user={session.user}
      renderTab={renderTab}
      logoutButton={
        <Button variant="outline" onClick={signOut} className="self-start">
          <LogOut aria-hidden="true" />
          {T.logout}
        </Button>
      }
    />
  );
}

function UserDashboard({
  user,
  renderTab,
  logoutButton,
}: {
  user: CurrentUser;
  renderTab: NonNullable<UserDashboardPageProps['renderTab']>;
  logoutButton: ReactNode;
}) {
  const [tab, setTab] = useState<UserDashboardTab>('overview');
  const context = { user, showTab: setTab };
  return (
    <Container className="py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
          <p className="mt-1 text-muted-foreground">
            {(isNewAccount(user) ? T.welcomeNew : T.welcome)(user.first_name || user.email)}{' '}
            {T.welcomeHint}
          </p>
        </div>
        {logoutButton}
      </div>
      <Tabs<UserDashboardTab>
        className="mt-8"
        label={T.tabsLabel}
        value={tab}
        onValueChange={setTab}
        stretch
        items={[
          { value: 'overview', label: T.tabOverview, content: renderTab('overview', context) },
          {
            value: 'reviews',
            label: T.tabMyReviews,
            heading: T.tabMyReviews,
            content: renderTab('reviews', context),
          },
          { value: 'activity', label: T.tabActivity, content: renderTab('activity', context) },
        ]}
      />
    </Container>
  );
}
