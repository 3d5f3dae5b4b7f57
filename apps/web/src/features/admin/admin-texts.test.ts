import { describe, expect, it } from 'vitest';
import { WORKLOAD_TEXT } from './admin-texts';

describe('counts printed with their word', () => {
  const workload = {
    pending_entities: 1,
    entity_changes: 1,
    pending_reviews: 1,
    held_reviews: { new_account: 1, burst: 0, banned: 0 },
    open_reports: 1,
    identity_claims: 1,
    contact_messages: 1,
    open_thread_reports: 1,
    cap: 50,
  };

  it("says '1 report', not '1 reports', in the admin's workload line", () => {
    expect(WORKLOAD_TEXT.summary(workload)).toBe(
      'Waiting: 1 pending entity, 1 entity change, 1 pending review (1 held), 1 report, 1 identity claim, 1 new message, 1 reported message.',
    );
  });

  it('keeps the plural for other counts and for a capped count', () => {
    expect(
      WORKLOAD_TEXT.summary({
        ...workload,
        pending_entities: 0,
        open_reports: 50,
        contact_messages: 2,
        open_thread_reports: 0,
      }),
    ).toBe(
      'Waiting: 0 pending entities, 1 entity change, 1 pending review (1 held), 50+ reports, 1 identity claim, 2 new messages, 0 reported messages.',
    );
  });
});
