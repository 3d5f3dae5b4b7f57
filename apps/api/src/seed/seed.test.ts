import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import { REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { authHeader, countRows, mailsTo } from '../../test/factories';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers';
import {
  entities,
  notifications,
  reviews,
  savedSearches,
  seedRuns,
  users,
  userTotp,
} from '../db/schema';
import { runSavedSearchAlerts } from '../modules/saved-searches/saved-search-alerts';
import { DEMO_PASSWORD } from './demo-accounts';
import { DEMO_BAN_REASON, DEMO_BANNED_EMAIL } from './demo-admin-tools';
import { DEMO_CHANGED_ENTITY, DEMO_PENDING_CHANGE } from './demo-entity-changes';
import { DEMO_PENDING_SIGNUP_URL, DEMO_SIGNUP_CHANGED_ENTITY } from './demo-signup-url-change';
import { DEMO_LINKEDIN_CLAIMANT } from './demo-identity-claims';
import { DEMO_RENAME } from './demo-slugs';
import { runStartupTasks, SEED_STEPS } from './run';
import { DEMO_SAVED_SEARCHES } from './demo-saved-searches';
import { DEMO_MFA_ACCOUNT, DEMO_MFA_ENROL_ADMIN, DEMO_MFA_SECRET } from './demo-mfa';
import { Secret, TOTP } from 'otpauth';
import { DEMO_SESSIONS } from './demo-sessions';
import { DEMO_AGREED_TERMS } from './demo-agreed-terms';
import { DEMO_REVIEWER_EMAIL } from './demo-reviewer-transparency';

let ctx: TestContext;
const log = { info: () => {} };
beforeAll(async () => {
  ctx = await buildTestApp();
  await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), log);
});
afterAll(() => ctx.close());

const count = (table: typeof users | typeof entities) => countRows(ctx.database.db, table);

/** A demo account's session token (every demo account has DEMO_PASSWORD). */
async function demoToken(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return res.json().token as string;
}

/** The approved entity named `name` as the demo admin's entity list shows it. */
async function approvedEntityAsAdmin(name: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/entities?verification_status=approved&limit=500',
    headers: { authorization: `Bearer ${await demoToken('admin@demo.trustlinks.test')}` },
  });
  return res.json().entities.find((e: { name: string }) => e.name === name);
}

describe('demo seed', () => {
  it('records every step once and adds nothing on a second start', async () => {
    const runs = await ctx.database.db.select().from(seedRuns);
    expect(runs.map((r) => r.name).sort()).toEqual(SEED_STEPS.map((s) => s.name).sort());
    const before = { users: await count(users), entities: await count(entities) };
    await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), log);
    expect({ users: await count(users), entities: await count(entities) }).toEqual(before);
  });

  it.each([
    ['admin@demo.trustlinks.test', 'admin'],
    ['maya.patel@demo.trustlinks.test', 'user'],
    ['advertiser@demo.trustlinks.test', 'advertiser'],
    ['affiliate@demo.trustlinks.test', 'affiliate'],
    ['network@demo.trustlinks.test', 'network'],
  ])('lets %s log in as %s with the demo password', async (email, role) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe(role);
    if (role !== 'admin' && role !== 'user') expect(res.json().user.entity_id).toBeTruthy();
  });

  it('has an account with an authenticator app (its printed secret signs in) and an admin asked to enrol', async () => {
    const login = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: DEMO_PASSWORD },
      });
    const challenge = (await login(DEMO_MFA_ACCOUNT.email)).json();
    expect(challenge.mfa_required).toBe(true);
    const code = TOTP.generate({ secret: Secret.fromBase32(DEMO_MFA_SECRET) });
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/mfa',
      payload: { mfa_token: challenge.mfa_token, code },
    });
    expect(done.statusCode).toBe(200);
    // Stored encrypted at start like every authenticator secret (docs/decisions/033).
    const [stored] = await ctx.database.db
      .select({ secret: userTotp.secret })
      .from(userTotp)
      .innerJoin(users, eq(users.id, userTotp.userId))
      .where(eq(users.email, DEMO_MFA_ACCOUNT.email));
    expect(stored!.secret).toMatch(/^v1:/);
    expect(stored!.secret).not.toContain(DEMO_MFA_SECRET);
    const admin = (await login(DEMO_MFA_ENROL_ADMIN.email)).json();
    expect(admin).toMatchObject({ user: { role: 'admin' }, mfa_enrolment_required: true });
  });

  it('leaves entities in every state for the admin panel and public pages', async () => {
    const rows = await ctx.database.db
      .select({ status: entities.verificationStatus, n: sql<number>`count(*)::int` })
      .from(entities)
      .groupBy(entities.verificationStatus);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(byStatus.approved).toBeGreaterThanOrEqual(9);
    expect(byStatus.pending).toBeGreaterThanOrEqual(3);
    expect(byStatus.rejected).toBeGreaterThanOrEqual(1);
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/entities/public' });
    expect(pub.json().entities.length).toBe(byStatus.approved);
  });

  it('fills the offers explorer and the wishlist, hiding paused, closed and expired offers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/offers/fetch_all?limit=100' });
    const titles = res.json().offers.map((o: { title: string }) => o.title) as string[];
    expect(titles.length).toBeGreaterThanOrEqual(15);
    expect(titles).toContain('KetoSlim Pro — Free Trial');
    expect(titles).not.toContain('SleepWell Gummies — Trial');
    expect(titles).not.toContain('CoinNest Launch Promo (ended)');
    const nutra = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/fetch_all?category=Nutra',
    });
    expect(nutra.json().offers.length).toBeGreaterThanOrEqual(1);
    const requests = await ctx.app.inject({ method: 'GET', url: '/api/offers/offer-requests' });
    const list = requests.json().requests as { priority: string }[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(new Set(list.map((r) => r.priority))).toEqual(new Set(['high', 'medium', 'low']));
  });

  it('leaves a LinkedIn claim waiting in the Identity Claims tab; its user keeps limited access', async () => {
    const admin = await demoToken('admin@demo.trustlinks.test');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/identity-claims',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.json().claims).toMatchObject([
      {
        user_email: DEMO_LINKEDIN_CLAIMANT.email,
        profile_url: DEMO_LINKEDIN_CLAIMANT.profileUrl,
        status: 'pending_review',
      },
    ]);
    const sofia = await demoToken(DEMO_LINKEDIN_CLAIMANT.email);
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/verification-status',
      headers: { authorization: `Bearer ${sofia}` },
    });
    expect(status.json().data).toMatchObject({ identity_verified: false, state: 'pending_review' });
  });

  it('shows a reported review in moderation and notifications that open their subject (decision 027)', async () => {
    const admin = { authorization: `Bearer ${await demoToken('admin@demo.trustlinks.test')}` };
    const reports = await ctx.app.inject({
      method: 'GET',
      url: '/api/reviews/admin/reports',
      headers: admin,
    });
    expect(reports.statusCode, reports.body).toBe(200);
    expect(reports.json().reports).toHaveLength(1);
    expect(reports.json().reports[0].review.review_status).toBe('approved');

    for (const email of [
      'maya.patel@demo.trustlinks.test',
      'daniel.okafor@demo.trustlinks.test',
      'advertiser@demo.trustlinks.test',
      'affiliate@demo.trustlinks.test',
      'network@demo.trustlinks.test',
    ]) {
      const headers = { authorization: `Bearer ${await demoToken(email)}` };
      const list = (
        await ctx.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers })
      ).json();
      const links: string[] = list.notifications.map((n: { link: string | null }) => n.link);
      // Each login has one that opens a review's own address or an offer page, and it is there.
      const subject = links.find((l) => /^\/(entity\/[^?]+\?tab=reviews&review=|offer\/)/.test(l));
      expect(subject, email).toBeTruthy();
      const review = /review=([0-9a-f-]{36})/.exec(subject!)?.[1];
      const offer = /^\/offer\/([a-z0-9-]+)$/.exec(subject!)?.[1];
      const res = await ctx.app.inject({
        method: 'GET',
        url: review ? `/api/reviews/${review}` : `/api/offers/${offer}`,
        headers,
      });
      expect(res.statusCode, `${email} ${subject}`).toBe(200);
    }
  });

  it('leaves contact messages for the admin, a Join page and real landing figures (decision 026)', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'admin@demo.trustlinks.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?status=new',
      headers,
    });
    const kinds = inbox.json().messages.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['site', 'entity']));
    // Northwind's own account reads the member's message on its Messages tab (decision 026).
    const northwind = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'affiliate@demo.trustlinks.test', password: DEMO_PASSWORD },
    });
    const nw = northwind.json().user as { entity_id: string };
    const nwHeaders = { authorization: `Bearer ${northwind.json().token as string}` };
    const messages = await ctx.app.inject({
      method: 'GET',
      url: `/api/entities/${nw.entity_id}/messages`,
      headers: nwHeaders,
    });
    expect(messages.statusCode).toBe(200);
    expect(messages.json().messages[0].message).toContain('Nutra and Finance traffic');
    const bell = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: nwHeaders,
    });
    expect(
      bell.json().notifications.some((n: { type: string }) => n.type === 'company_message'),
    ).toBe(true);
    const landing = (await ctx.app.inject({ method: 'GET', url: '/api/landing' })).json();
    expect(landing.figures.approved_companies).toBeGreaterThan(0);
    expect(landing.top_offers.length).toBeGreaterThan(0);
    expect(landing.reviews.length).toBeGreaterThan(0);
    const [vitality] = await ctx.database.db
      .select()
      .from(entities)
      .where(sql`${entities.name} = 'Vitality Partners'`);
    const join = await ctx.app.inject({ method: 'GET', url: `/api/entities/${vitality!.id}/join` });
    expect(join.statusCode).toBe(302);
  });

  it('does nothing when SEED_DEMO is off', async () => {
    const other = await buildTestApp();
    try {
      await runStartupTasks(other.database, testConfig({ SEED_DEMO: 'false' }), log);
      expect(
        (await other.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n,
      ).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('demo entity change', () => {
  it('shows the admin a change of name and website waiting on an approved entity', async () => {
    const changed = await approvedEntityAsAdmin(DEMO_CHANGED_ENTITY);
    expect(changed.pending_change).toMatchObject(DEMO_PENDING_CHANGE);
    // The public page still shows the approved name.
    const pub = await ctx.app.inject({
      method: 'GET',
      url: `/api/entities/public/${changed.entity_id}`,
    });
    expect(pub.json().entity.name).toBe(DEMO_CHANGED_ENTITY);
  });
});

describe('demo account ownership', () => {
  it('approving QuickLend takes over the unverified sign-up that squats its address', async () => {
    const db = ctx.database.db;
    const email = 'partners@quicklend.example.com';
    const [squatter] = await db
      .select()
      .from(users)
      .where(sql`${users.email} = ${email}`);
    expect(squatter).toMatchObject({ emailVerifiedAt: null, role: 'user' });
    const [quicklend] = await db
      .select()
      .from(entities)
      .where(sql`${entities.email} = ${email}`);
    const [admin] = await db
      .select()
      .from(users)
      .where(sql`${users.email} = 'admin@demo.trustlinks.test'`);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: admin!.email, password: DEMO_PASSWORD },
    });
    const approve = await ctx.app.inject({
      method: 'PUT',
      url: `/api/entities/${quicklend!.id}/verification`,
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { verification_status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    const [after] = await db
      .select()
      .from(users)
      .where(sql`${users.email} = ${email}`);
    expect(after).toMatchObject({
      id: squatter!.id,
      role: 'advertiser',
      entityId: quicklend!.id,
      passwordResetRequired: true,
    });
  });

  it('leaves an expired sign-up whose address can be signed up again', async () => {
    const email = 'expired.signup@demo.trustlinks.test';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { first_name: 'Erin', last_name: 'Again', email, password: 'secret1' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${email}`);
    expect(row!.lastName).toBe('Again');
  });

  it('gives every demo entity and offer a slug, and one renamed company an old address that redirects', async () => {
    const db = ctx.database.db;
    const result = (await db.execute(sql`SELECT
        (SELECT count(*)::int FROM entities WHERE slug IS NULL OR slug = '') +
        (SELECT count(*)::int FROM offers WHERE slug IS NULL OR slug = '') AS n`)) as unknown as {
      rows: { n: number }[];
    };
    const missing = result.rows[0];
    expect(missing!.n).toBe(0);
    const old = await ctx.app.inject({ method: 'GET', url: `/entity/${DEMO_RENAME.formerSlug}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/entity/horizon-ads-network');
  });
});

describe('demo catalogue (decision 021, third amendment)', () => {
  it('gives one company more offers than its page shows, so its page links to the explorer', async () => {
    const entity = await ctx.app.inject({
      method: 'GET',
      url: '/api/entities/public/horizon-ads-network',
    });
    expect(entity.statusCode, entity.body).toBe(200);
    const { entity_id: id, offer_count: count } = entity.json().entity as {
      entity_id: string;
      offer_count: number;
    };
    expect(count).toBeGreaterThan(OFFER_LIMITS.entityPageOffers);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/offers/entity/public/${id}?limit=${OFFER_LIMITS.entityPageOffers}`,
    });
    expect(page.json().offers).toHaveLength(OFFER_LIMITS.entityPageOffers);
    // The page shows these 12 and links to the explorer for all of them (web: entity-offers-tab).
  });
});

describe('demo saved searches (decision 028)', () => {
  it('gives the demo affiliate saved searches whose first alert run puts an alert behind the bell', async () => {
    const db = ctx.database.db;
    const [affiliate] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'affiliate@demo.trustlinks.test'));
    const saved = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, affiliate!.id));
    expect(saved.map((s) => s.name).sort()).toEqual(DEMO_SAVED_SEARCHES.map((s) => s.name).sort());
    await runSavedSearchAlerts({ db, config: ctx.app.config, wakeMailer: () => {} });
    const alerts = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, affiliate!.id), eq(notifications.type, 'saved_search_alert')),
      );
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(alerts[0]!.link).toMatch(/^\/offers\?/);
  });
});

describe('demo admin tools (decision 032)', () => {
  it('starts with something waiting on every tab and a member banned with a reason', async () => {
    const db = ctx.database.db;
    const [spencer] = await db.select().from(users).where(eq(users.email, DEMO_BANNED_EMAIL));
    expect(spencer).toMatchObject({ status: 'banned', statusReason: DEMO_BAN_REASON });
    const [admin] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@demo.trustlinks.test'));
    const headers = await authHeader(db, admin!);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/workload', headers });
    const w = res.json();
    for (const key of [
      'pending_entities',
      'pending_reviews',
      'open_reports',
      'identity_claims',
      'entity_changes',
      'contact_messages',
    ]) {
      expect(w[key], key).toBeGreaterThan(0);
    }
    for (const reason of ['new_account', 'burst', 'banned']) {
      expect(w.held_reviews[reason], reason).toBeGreaterThan(0);
    }
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?user_id=${spencer!.id}`,
      headers,
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'user_banned',
      reason: DEMO_BAN_REASON,
      actor: 'admin@demo.trustlinks.test',
    });
    const warnings = await ctx.app.inject({ method: 'GET', url: '/api/admin/warnings', headers });
    expect(warnings.json().warnings.length).toBeGreaterThan(0);
  });
});

describe('demo sessions (decision 034)', () => {
  it('shows Maya signed in on three other devices, and her login from a new one is mailed', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'maya.patel@demo.trustlinks.test', password: DEMO_PASSWORD },
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
      },
    });
    expect(login.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/sessions',
      headers: { authorization: `Bearer ${login.json().token as string}` },
    });
    const listed = res.json().sessions as { device: string | null; current: boolean }[];
    const devices = listed.map((s) => s.device ?? '');
    expect(listed.length).toBeGreaterThanOrEqual(DEMO_SESSIONS.length + 1);
    for (const os of ['iOS', 'Windows', 'macOS']) {
      expect(devices.some((d) => d.endsWith(`on ${os}`))).toBe(true);
    }
    expect(listed.find((s) => s.current)?.device).toBe('Firefox on Linux');
    const mails = await mailsTo(ctx.database.db, 'maya.patel@demo.trustlinks.test');
    expect(mails.some((m) => m.template === 'new_device_sign_in')).toBe(true);
  });
});

describe('demo badge and young voices (decisions 012, 023)', () => {
  it("shows Horizon Ads' badge under its warning, and CoinNest's young voices bounded to 0.3", async () => {
    const badge = await ctx.app.inject({ method: 'GET', url: '/badge/horizon-ads-network.svg' });
    expect(badge.statusCode).toBe(200);
    expect(badge.body).toContain('Under warning');
    expect(badge.body).not.toContain('Verified');

    const db = ctx.database.db;
    const [coinnest] = await db
      .select()
      .from(entities)
      .where(eq(entities.name, 'CoinNest Exchange'));
    const young = await db
      .select({ status: reviews.status, holdReason: reviews.holdReason, note: reviews.adminNotes })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerUserId))
      .where(and(eq(reviews.entityId, coinnest!.id), sql`${users.email} LIKE 'young.voice%'`));
    expect(young).toHaveLength(5);
    expect(young.filter((r) => r.status === 'approved').length).toBeGreaterThan(0);
    const held = young.filter((r) => r.status === 'pending');
    expect(held.length).toBeGreaterThan(0);
    for (const r of held) {
      expect(r).toMatchObject({ holdReason: 'burst', note: REVIEW_MESSAGES.holdNoteScoreMove });
    }
  });
});

describe('demo sign-up URL change (docs/decisions/011)', () => {
  it("waits for the admin while 'Join' keeps the approved page; every demo name has its key", async () => {
    const changed = await approvedEntityAsAdmin(DEMO_SIGNUP_CHANGED_ENTITY);
    expect(changed.pending_change).toMatchObject({
      name: null,
      signup_url: DEMO_PENDING_SIGNUP_URL,
    });
    const join = await ctx.app.inject({
      method: 'GET',
      url: `/api/entities/${changed.entity_id}/join`,
    });
    expect(join.statusCode).toBe(302);
    expect(join.headers.location).toBe(changed.entity_metadata.signup_url);
    expect(join.headers.location).not.toBe(DEMO_PENDING_SIGNUP_URL);
    const missing = await ctx.database.db
      .select({ id: entities.id })
      .from(entities)
      .where(isNull(entities.nameKey));
    expect(missing).toEqual([]);
  });

  it('shows an offer at its cap today, a scrubbed conversion and a postback log with a test (decision 049)', async () => {
    const aff = { authorization: `Bearer ${await demoToken('affiliate@demo.trustlinks.test')}` };
    const adv = { authorization: `Bearer ${await demoToken('advertiser@demo.trustlinks.test')}` };
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/applications/mine?limit=50',
      headers: aff,
    });
    const keto = mine
      .json()
      .applications.find(
        (a: { offer_title: string; status: string }) =>
          a.offer_title === 'KetoSlim Pro — Free Trial' && a.status === 'approved',
      );
    expect(keto.cap_left).toMatchObject({ left_today: 0 });
    const results = await ctx.app.inject({
      method: 'GET',
      url: '/api/results/mine?period=30d',
      headers: aff,
    });
    const conversions = results.json().conversions as {
      status: string;
      reason: string | null;
      over_cap: boolean;
    }[];
    expect(conversions.some((c) => c.over_cap)).toBe(true);
    expect(conversions.find((c) => c.status === 'rejected')?.reason).toMatch(/Duplicate lead/);
    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/offers/${keto.offer_id}/postbacks`,
      headers: adv,
    });
    const entries = log.json().entries as { test: boolean; status_code: number }[];
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.some((e) => e.test)).toBe(true);
    expect(entries.some((e) => e.status_code === 403)).toBe(true);
  });
});

describe('demo categories (decision 055)', () => {
  it('fills the Finance networks page with ten ranked companies, and the landing’s comparison with three', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/categories/network/finance' });
    expect(page.statusCode, page.body).toBe(200);
    const companies = page.json().companies as { entity: { reputation_score: number } }[];
    expect(companies.length).toBeGreaterThanOrEqual(10);
    const scores = companies.map((c) => c.entity.reputation_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const compare = await ctx.app.inject({ method: 'GET', url: '/api/compare' });
    expect(compare.statusCode, compare.body).toBe(200);
    expect(compare.json().companies).toHaveLength(3);
  });
});

describe('demo agreed terms (decision 048)', () => {
  it("shows affiliate@ its negotiated payout on advertiser@'s offer, as its terms", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/applications/mine?status=approved',
      headers: {
        authorization: `Bearer ${await demoToken('affiliate@demo.trustlinks.test')}`,
      },
    });
    const keto = (
      res.json().applications as { offer_title: string; terms: Record<string, unknown> }[]
    ).find((a) => a.offer_title === DEMO_AGREED_TERMS.offer);
    expect(keto?.terms).toEqual({
      payout_type: DEMO_AGREED_TERMS.payoutType,
      payout_value: DEMO_AGREED_TERMS.payoutAmount,
      source: 'override',
    });
  });
});

describe('demo reviewer and transparency (decision 054)', () => {
  it('has a reviewer with an indexed page and a month of transparency report (decision 054)', async () => {
    const [priya] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_REVIEWER_EMAIL));
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/reviewers/${priya!.profileSlug}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ name: 'Priya Raman', review_count: 4, indexed: true });
    expect(page.json().helpful_votes_received).toBe(21);
    // Her anonymous review is neither shown nor counted.
    expect(page.body).not.toContain('Late payments this spring');

    const report = await ctx.app.inject({ method: 'GET', url: '/api/transparency' });
    const last = report.json().months[1];
    expect(last.submitted).toBeGreaterThanOrEqual(11);
    expect(last.held_total).toBeGreaterThanOrEqual(2);
    expect(last.removed_total).toBeGreaterThanOrEqual(4);
    expect(last.removed.map((r: { reason: string }) => r.reason)).toEqual(
      expect.arrayContaining(['report_fake', 'report_offensive', 'hold_new_account', 'moderation']),
    );
    expect(last.reports_submitted).toBeGreaterThanOrEqual(4);
    expect(last.reports_decided).toBeGreaterThanOrEqual(4);
    expect(last.warnings_placed).toBeGreaterThanOrEqual(1);
    expect(last.warnings_lifted).toBeGreaterThanOrEqual(1);
    expect(last.decisions).toBeGreaterThanOrEqual(6);
    expect(last.median_decision_hours).not.toBeNull();
  });
});

describe('demo review invitations (decision 057)', () => {
  it('shows Vitality Partners with invited reviews, counted, and invitations waiting and expired', async () => {
    const [vitality] = await ctx.database.db
      .select()
      .from(entities)
      .where(eq(entities.email, 'advertiser@demo.trustlinks.test'));
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/reviews/entity/${vitality!.id}`,
    });
    expect(page.json().entity.invited_reviews).toBe(2);
    const labels = (page.json().reviews as { labels: string[] }[]).flatMap((r) => r.labels);
    expect(labels).toContain('invited');
    const adv = { authorization: `Bearer ${await demoToken('advertiser@demo.trustlinks.test')}` };
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/entities/${vitality!.id}/review-invitations`,
      headers: adv,
    });
    const states = (list.json().invitations as { status: string }[]).map((i) => i.status).sort();
    expect(states).toEqual(['expired', 'open', 'used', 'used']);
  });
});
