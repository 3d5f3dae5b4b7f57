import { cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../test/factories';
import { stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { AdvertiserDashboardPage } from '../pages/advertiser-dashboard-page';
import { AffiliateDashboardPage } from '../pages/affiliate-dashboard-page';
import { NetworkDashboardPage } from '../pages/network-dashboard-page';
import type { DashboardRole } from './role-gate';
import { RoleDashboardFrame } from './role-dashboard';

/**
 * A role dashboard's frame (docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in
 * pages' frame") is what the page shows above its lists, so that the page replacing it moves
 * nothing: the same heading, intro, buttons and tabs, in the same order.
 */
const PAGES: Record<DashboardRole, () => React.JSX.Element> = {
  advertiser: () => <AdvertiserDashboardPage />,
  affiliate: () => <AffiliateDashboardPage />,
  network: () => <NetworkDashboardPage />,
};

/** The heading, intro, header buttons and tab names on screen (a tab's count left out). */
function outline() {
  const heading = screen.getByRole('heading', { level: 1 });
  return {
    heading: heading.textContent,
    intro: heading.nextElementSibling?.textContent,
    // (the tabs are `tab`s, not `button`s)
    buttons: screen.getAllByRole('button').map((button) => button.textContent),
    tabs: screen
      .getAllByRole('tab')
      .map((tab) => tab.firstChild?.textContent ?? '')
      .filter(Boolean),
  };
}

describe('RoleDashboardFrame', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({});
  });

  it.each(['advertiser', 'affiliate', 'network'] as const)(
    "%s: the frame has the page's heading, intro, buttons and tabs",
    async (role) => {
      saveSession({
        token: 't',
        user: buildUser({ user_id: `u-${role}`, role, entity_id: `${role}-entity` }),
      });
      const Page = PAGES[role];
      renderWithProviders(<Page />);
      await screen.findByRole('tablist');
      const page = outline();
      cleanup();

      render(<RoleDashboardFrame role={role} />);
      const frame = outline();
      expect(frame).toEqual(page);
      expect(frame.tabs.length).toBeGreaterThan(4);
      // Its buttons do nothing until the page takes over.
      for (const button of [...screen.getAllByRole('button'), ...screen.getAllByRole('tab')]) {
        expect(button).toBeDisabled();
      }
    },
  );
});
