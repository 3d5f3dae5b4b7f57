import type { ReactNode } from 'react';
import type { FramedPageName } from '@trustlinks/contract/pages';
import { RoleDashboardFrame } from '../features/dashboards/components/role-dashboard';
import { ROLE_DASHBOARD_TEXT } from '../features/dashboards/dashboards-texts';

/**
 * The frames the server sends of signed-in pages (docs/decisions/021-server-rendering.md, "Note
 * (2026-11-29): signed-in pages' frame"): for each page the page table marks `frame`, its title
 * and what the server renders inside the visitor's layout. A Record over those names, so a page
 * marked `frame` without one here does not compile. Imported by the server's entry alone
 * (src/entry-server.tsx): the browser renders the pages themselves and never needs their frames.
 */
export const PAGE_FRAMES: Record<FramedPageName, { title: string; element: ReactNode }> = {
  advertiserDashboard: {
    title: ROLE_DASHBOARD_TEXT.advertiser.title,
    element: <RoleDashboardFrame role="advertiser" />,
  },
  affiliateDashboard: {
    title: ROLE_DASHBOARD_TEXT.affiliate.title,
    element: <RoleDashboardFrame role="affiliate" />,
  },
  networkDashboard: {
    title: ROLE_DASHBOARD_TEXT.network.title,
    element: <RoleDashboardFrame role="network" />,
  },
};
