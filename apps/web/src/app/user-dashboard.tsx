import { UserDashboardPage as UserDashboardFrame } from '../features/dashboards/pages/user-dashboard-page';
import { MyReviewsTab } from '../features/reviews/components/my-reviews';

/**
 * /user-dashboard: the dashboards feature's page, its tabs holding the user's reviews from the
 * reviews feature (features never import each other; the app composes them).
 */
export function UserDashboardPage() {
  return (
    <UserDashboardFrame
      renderTab={(tab, { user, showTab }) => (
        <MyReviewsTab tab={tab} userId={user.user_id} onViewAll={() => showTab('reviews')} />
      )}
    />
  );
}
