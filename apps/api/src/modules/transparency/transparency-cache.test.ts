import { describe, expect, it } from 'vitest';
import * as reviewRoutes from '@trustlinks/contract/routes/reviews';
import * as reviewers from '@trustlinks/contract/routes/reviewers';
import * as transparency from '@trustlinks/contract/routes/transparency';
import { useTestApp } from '../../../test/helpers';
import { inject } from '../../../test/inject';
import { buildEntity, buildReview, buildSignedInUser, buildUser } from '../../../test/factories';

// The transparency report and reviewer pages are kept in the read cache until a write changes
// what they count (docs/decisions/054, 029-long-lived-read-cache.md).

const ctx = useTestApp({ config: { READ_CACHE_MS: '60000' } });
const { db } = ctx;

describe('the read cache keeps the report and reviewer pages until a write changes them', () => {
  it('a report of a review (a write that names only the report) refreshes the report', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const review = await buildReview(db(), {
      entityId: entity.id,
      reviewerUserId: (await buildUser(db())).id,
    });
    const first = await inject(ctx.app, transparency.report);
    const again = await inject(ctx.app, transparency.report);
    expect(again.headers['x-cache']).toBe('hit');
    const reporter = await buildSignedInUser(db());
    await inject(ctx.app, reviewRoutes.report, {
      params: { id: review.id },
      body: { reason: 'fake' },
      headers: reporter.headers,
    });
    const after = await inject(ctx.app, transparency.report);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.answer().months[0]!.reports_submitted).toBe(
      first.answer().months[0]!.reports_submitted + 1,
    );
  });

  it('hiding a page takes the kept page out at once', async () => {
    const { user, headers } = await buildSignedInUser(db());
    const seen = await inject(ctx.app, reviewers.getProfile, {
      params: { slug: user.profileSlug },
    });
    expect(seen.status).toBe(200);
    expect(
      (await inject(ctx.app, reviewers.getProfile, { params: { slug: user.profileSlug } })).headers[
        'x-cache'
      ],
    ).toBe('hit');
    await inject(ctx.app, reviewers.setVisibility, { body: { hidden: true }, headers });
    const hidden = await inject(ctx.app, reviewers.getProfile, {
      params: { slug: user.profileSlug },
    });
    expect(hidden.status).toBe(404);
  });
});
