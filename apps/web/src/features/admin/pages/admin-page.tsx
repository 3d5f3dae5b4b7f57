import { useState } from 'react';
import type { ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tabs } from '../../../components/ui/tabs';
import { dashboardPathForRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ADMIN_TEXT as T, CONTACT_TAB_TEXT } from '../admin-texts';
import { useLogout } from '../api/logout';
import { EntityManagementTab } from '../components/entity-management-tab';
import { IdentityClaimsTab } from '../components/identity-claims-tab';
import { ContactMessagesTab } from '../components/contact-messages-tab';
import { UserManagementTab } from '../components/user-management-tab';

type AdminTab = 'entities' | 'reviews' | 'users' | 'identity-claims' | 'contact';
const ADMIN_TABS: readonly AdminTab[] = [
  'entities',
  'reviews',
  'users',
  'identity-claims',
  'contact',
];

/**
 * Admin panel (docs/product/admin.md). Also shown on /login to a logged-in admin (app/router.tsx).
 * Visitors go to /login; a session still owing its forced password reset too (the reset screen
 * is there); other roles go to their own dashboard.
 */
export function AdminPage({ moderationTab }: { moderationTab?: ReactNode }) {
  useDocumentTitle(T.title);
  const session = useSession();
  if (!session || session.passwordResetRequired) return <Navigate to="/login" replace />;
  if (session.user.role !== 'admin') {
    return <Navigate to={dashboardPathForRole(session.user.role)} replace />;
  }
  return <AdminPanel currentUserId={session.user.user_id} moderationTab={moderationTab} />;
}

/** `moderationTab`: the reviews feature's Review Moderation, composed in by app/router.tsx. */
function AdminPanel({
  currentUserId,
  moderationTab,
}: {
  currentUserId: string;
  moderationTab?: ReactNode;
}) {
  // ?tab=contact opens a tab directly (the Contact page's mail to admins links there).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AdminTab>(() => {
    const asked = params.get('tab') as AdminTab | null;
    return asked && ADMIN_TABS.includes(asked) ? asked : 'entities';
  });
  const logout = useLogout();

  return (
    <Container className="py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
          <p className="mt-1 text-muted-foreground">{T.subtitle}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="self-start"
        >
          {logout.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {logout.isPending ? T.loggingOut : T.logout}
        </Button>
      </div>

      <div className="mt-8">
        <Tabs<AdminTab>
          label={T.tabsLabel}
          stretch
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'entities', label: T.tabEntities, content: <EntityManagementTab /> },
            {
              value: 'reviews',
              label: T.tabReviews,
              content: moderationTab ?? (
                <EmptyState
                  icon={<MessageSquareText />}
                  title={T.reviewsPlaceholderTitle}
                  description={T.reviewsPlaceholderHint}
                />
              ),
            },
            {
              value: 'users',
              label: T.tabUsers,
              content: <UserManagementTab currentUserId={currentUserId} />,
            },
            {
              value: 'identity-claims',
              label: T.tabIdentityClaims,
              content: <IdentityClaimsTab />,
            },
            { value: 'contact', label: CONTACT_TAB_TEXT.tab, content: <ContactMessagesTab /> },
          ]}
        />
      </div>
    </Container>
  );
}
