import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES } from '@trustlinks/contract/saved-searches';
import { useTestApp } from '../../../test/helpers';
import { buildEntityAccount, buildSignedInUser, mailsTo } from '../../../test/factories';
import { notifications, offers, savedSearches } from '../../db/schema';
import { DAY_MS, HOUR_MS } from '../../lib/time';
import { runSavedSearchAlerts } from './saved-search-alerts';

// Saved searches with a daily alert (docs/decisions/028-offer-word-search.md).
const ctx = useTestApp();
const { db, inject } = ctx;

type Headers = Record<string, string>;
const save = (headers: Headers, payload: object) =>
  inject({ method: 'POST', url: '/api/saved-searches', headers, payload });
const list = async (headers: Headers) => {
  const res = await inject({ method: 'GET', url: '/api/saved-searches', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().saved_searches as { saved_search_id: string; name: string; query: string }[];
};
const deps = () => ({ db: db(), config: ctx.app.config, wakeMailer: () => {} });

async function publish(entityId: string, title: string, createdAt: Date) {
  await db()
    .insert(offers)
    .values({
      entityId,
      title,
      category: 'Nutra',
      description: 'An offer.',
      targetGeo: ['US'],
      landingPageUrl: 'https://example.com/',
      payoutAmount: 30,
      createdAt,
    });
}

describe('saved searches', () => {
  it('saves, lists, renames and deletes the caller’s own searches', async () => {
    const { headers } = await buildSignedInUser(db());
    const res = await save(headers, {
      name: ' Keto in the US ',
      filters: { title: 'keto', geo: ['us'], payout_type: ['CPA'], sort: 'best' },
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.saved,
      saved_search: {
        name: 'Keto in the US',
        query: 'title=keto&geo=US&payout_type=CPA&sort=best',
      },
    });
    const id = res.json().saved_search.saved_search_id as string;
    expect((await list(headers)).map((s) => s.name)).toEqual(['Keto in the US']);

    const renamed = await inject({
      method: 'PUT',
      url: `/api/saved-searches/${id}`,
      headers,
      payload: { name: 'Keto US' },
    });
    expect(renamed.json()).toMatchObject({ message: SAVED_SEARCH_MESSAGES.renamed });
    expect((await list(headers))[0]!.name).toBe('Keto US');

    const deleted = await inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers });
    expect(deleted.json()).toEqual({ message: SAVED_SEARCH_MESSAGES.deleted });
    expect(await list(headers)).toEqual([]);
  });

  it('never lets another user rename, delete or see a search (404), nor a visitor (401)', async () => {
    const owner = await buildSignedInUser(db());
    const other = await buildSignedInUser(db());
    const id = (await save(owner.headers, { name: 'Mine', filters: {} })).json().saved_search
      .saved_search_id as string;
    const rename = await inject({
      method: 'PUT',
      url: `/api/saved-searches/${id}`,
      headers: other.headers,
      payload: { name: 'Stolen' },
    });
    expect(rename.statusCode).toBe(404);
    const del = await inject({
      method: 'DELETE',
      url: `/api/saved-searches/${id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await list(other.headers)).toEqual([]);
    expect((await list(owner.headers))[0]!.name).toBe('Mine');
    expect((await inject({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
    expect((await save({}, { name: 'x', filters: {} })).statusCode).toBe(401);
    const notUuid = await inject({
      method: 'DELETE',
      url: '/api/saved-searches/nope',
      headers: owner.headers,
    });
    expect(notUuid.statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a full list with 409, storing nothing', async () => {
    const { user, headers } = await buildSignedInUser(db());
    const bad: object[] = [
      {},
      { name: '', filters: {} },
      { name: 'x'.repeat(SAVED_SEARCH_LIMITS.nameMax + 1), filters: {} },
      { name: 'x', filters: { sort: 'cheapest' } },
      { name: 'x', filters: { payout_min: 50, payout_max: 10 } },
      { name: 'x', filters: { entity: 'not a slug!' } },
      { name: 'x', filters: ['title=keto'] },
    ];
    for (const payload of bad) {
      const res = await save(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perUser; i++) {
      expect((await save(headers, { name: `S${i}`, filters: {} })).statusCode).toBe(201);
    }
    const full = await save(headers, { name: 'One more', filters: {} });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(SAVED_SEARCH_MESSAGES.tooMany);
    const rows = await db().select().from(savedSearches).where(eq(savedSearches.userId, user.id));
    expect(rows).toHaveLength(SAVED_SEARCH_LIMITS.perUser);
  });
});

describe('saved-search alerts', () => {
  it('a new matching offer: one bell entry and one digest mail the next day, then nothing', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const { user, headers } = await buildSignedInUser(db());
    const saved = await save(headers, { name: 'Keto', filters: { title: 'keto', geo: ['US'] } });
    const savedAt = new Date(saved.json().saved_search.created_at as string);
    await publish(adv.entity.id, 'Keto Boost', new Date(savedAt.getTime() + HOUR_MS));
    await publish(adv.entity.id, 'Bitcoin Wallet', new Date(savedAt.getTime() + HOUR_MS));

    // The same day: nothing yet (at most once a day per search).
    await runSavedSearchAlerts(deps(), new Date(savedAt.getTime() + 2 * HOUR_MS));
    expect(await bell(user.id)).toEqual([]);

    const nextDay = new Date(savedAt.getTime() + DAY_MS + HOUR_MS);
    await runSavedSearchAlerts(deps(), nextDay);
    const entries = await bell(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'saved_search_alert',
      title: '1 new offer for “Keto”',
      link: '/offers?title=keto&geo=US',
    });
    const mails = (await mailsTo(db(), user.email)).filter(
      (m) => m.template === 'saved_search_digest',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(SAVED_SEARCH_MESSAGES.digestSubject);
    expect(mails[0]!.textBody).toContain('http://localhost:3000/offers?title=keto&geo=US');
    expect(mails[0]!.textBody).toContain('/unsubscribe?token=');

    // Run again the same day, and the next day with no new offer: nothing more.
    await runSavedSearchAlerts(deps(), new Date(nextDay.getTime() + HOUR_MS));
    await runSavedSearchAlerts(deps(), new Date(nextDay.getTime() + DAY_MS + HOUR_MS));
    expect(await bell(user.id)).toHaveLength(1);
  });

  it('a non-matching offer makes no alert; unsubscribed users get the bell only', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const quiet = await buildSignedInUser(db());
    const optedOut = await buildSignedInUser(db());
    const created = await save(quiet.headers, { name: 'Dating', filters: { title: 'dating' } });
    await save(optedOut.headers, { name: 'Casino', filters: { title: 'casino' } });
    const prefs = await inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: optedOut.headers,
      payload: { email: [] },
    });
    expect(prefs.statusCode).toBe(200);
    const savedAt = new Date(created.json().saved_search.created_at as string);
    await publish(adv.entity.id, 'Casino Royale Bonus', new Date(savedAt.getTime() + HOUR_MS));
    await runSavedSearchAlerts(deps(), new Date(savedAt.getTime() + 2 * DAY_MS));
    expect(await bell(quiet.user.id)).toEqual([]);
    expect(await bell(optedOut.user.id)).toHaveLength(1);
    const mails = await mailsTo(db(), optedOut.user.email);
    expect(mails.filter((m) => m.template === 'saved_search_digest')).toEqual([]);
  });
});

async function bell(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId));
}
