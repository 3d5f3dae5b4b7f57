import type { ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { Navigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tabs } from '../../../components/ui/tabs';
import { dashboardPathForRole, useSession } from '../../../lib/session';
import { formatWorkloadCount, useAdminWorkload } from '../../../lib/api/admin-workload';
import { useSignOut } from '../../../lib/sign-out';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUrlParam } from '../../../lib/use-url-state';
import { ADMIN_TEXT as T, CONTACT_TAB_TEXT, WORKLOAD_TEXT as W } from '../admin-texts';
import { EntityManagementTab } from '../components/entity-management-tab';
import { IdentityClaimsTab } from '../components/identity-claims-tab';
import { ContactMessagesTab } from '../components/contact-messages-tab';
import { ThreadReports } from '../../../components/threads/thread-reports';
import { REPORTS_TEXT } from '../../../components/threads/threads-texts';
import { UserManagementTab } from '../components/user-management-tab';
import { ActiveWarningsTab } from '../components/active-warnings-tab';

type AdminTab =
  'entities' | 'reviews' | 'thread-reports' | 'users' | 'identity-claims' | 'contact' | 'warnings';
const ADMIN_TABS: readonly AdminTab[] = [
  'entities',
  'reviews',
  'thread-reports',
  'users',
  'identity-claims',
  'contact',
  'warnings',
];

/** A tab's label with what waits on it (docs/decisions/032); the summary line says it in words. */
function withCount(label: string, count: number | undefined, cap: number) {
  if (!count) return label;
  return (
    <>
      {label}
      <span
        aria-hidden="true"
        data-testid="tab-count"
        className="rounded-full bg-brand-soft px-1.5 text-xs font-semibold text-brand-soft-foreground tabular-nums"
      >
        {formatWorkloadCount(count, cap)}
      </span>
    </>
  );
}

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
  // The tab is in the address (?tab=contact: the Contact page's mail to admins links there);
  // each tab keeps its own filter and page there too (docs/decisions/032).
  const [tab, setTab] = useUrlParam<AdminTab>('tab', 'entities', ADMIN_TABS);
  const logout = useSignOut();
  const workload = useAdminWorkload().data;
  const cap = workload?.cap ?? 0;

  return (
    <Container className="py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
          <p className="mt-1 text-muted-foreground">{T.subtitle}</p>
          {workload ? (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="workload-summary">
              {W.summary(workload)}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          onClick={logout.signOut}
          disabled={logout.pending}
          className="self-start"
        >
          {logout.pending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {logout.pending ? T.loggingOut : T.logout}
        </Button>
      </div>

      <div className="mt-8">
        <Tabs<AdminTab>
          label={T.tabsLabel}
          value={tab}
          onValueChange={setTab}
          items={[
            {
              value: 'entities',
              label: withCount(
                T.tabEntities,
                workload && workload.pending_entities + workload.entity_changes,
                cap,
              ),
              content: <EntityManagementTab />,
            },
            {
              value: 'reviews',
              label: withCount(
                T.tabReviews,
                workload && workload.pending_reviews + workload.open_reports,
                cap,
              ),
              content: moderationTab ?? (
                <EmptyState
                  icon={<MessageSquareText />}
                  title={T.reviewsPlaceholderTitle}
                  description={T.reviewsPlaceholderHint}
                />
              ),
            },
            // Moderation of deal conversations (docs/decisions/050): reported messages only.
            {
              value: 'thread-reports',
              label: withCount(REPORTS_TEXT.tab, workload?.open_thread_reports, cap),
              content: <ThreadReports />,
            },
            {
              value: 'users',
              label: T.tabUsers,
              content: <UserManagementTab currentUserId={currentUserId} />,
            },
            {
              value: 'identity-claims',
              label: withCount(T.tabIdentityClaims, workload?.identity_claims, cap),
              content: <IdentityClaimsTab />,
            },
            {
              value: 'contact',
              label: withCount(CONTACT_TAB_TEXT.tab, workload?.contact_messages, cap),
              content: <ContactMessagesTab />,
            },
            { value: 'warnings', label: W.warningsTab, content: <ActiveWarningsTab /> },
          ]}
        />
      </div>
    </Container>
  );
}
