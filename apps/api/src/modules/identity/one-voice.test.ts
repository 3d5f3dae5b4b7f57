import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { IDENTITY_MESSAGES, checkLinkedinProfile } from '@trustlinks/contract/identity';
import { REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  authHeader,
  buildEntity,
  buildReview,
  buildSignedInUser,
  buildUser,
  mailsTo,
  readEntity,
  readReview,
  reviewPayload,
} from '../../../test/factories';
import { reviews, users, type UserRow } from '../../db/schema';
import { IDENTITY_SERVER_MESSAGES } from './identity.messages';
import { businessEmailForm, mailProviderRefusal, registrableDomain } from './identity.normal-form';

// one person, one voice (docs/decisions/023-one-person-one-voice.md). Each API test
// below is an attack that worked before this change.

const CONTACT_READS_PER_HOUR = 3;
// The contact-read allowance is a setting; this file lowers it to reach it in a few reads.
const ctx = useTestApp({ config: { CONTACT_READS_PER_HOUR: String(CONTACT_READS_PER_HOUR) } });
const { db, inject } = ctx;
type Headers = Record<string, string>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let admin: Headers;
beforeAll(async () => {
  admin = await adminHeader(ctx.database.db);
});

const verify = (headers: Headers, payload: object) =>
  inject({ method: 'POST', url: '/api/users/verify-identity', headers, payload });
const confirm = (headers: Headers, code: string) =>
  inject({
    method: 'POST',
    url: '/api/users/verify-identity/confirm',
    headers,
    payload: { code },
  });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** Asks for a code to `address` and returns it, read from the mail. */
async function requestCode(headers: Headers, address: string): Promise<string> {
  const res = await verify(headers, {
    verification_method: 'business_email',
    business_email: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = (await mailsTo(db(), address.toLowerCase())).filter(
    (m) => m.template === 'identity_code',
  );
  return /^(\d{6})$/m.exec(mail!.textBody)![1]!;
}

/** A signed-in account (created `ageMs` ago) verified through the business address. */
async function verifiedAt(address: string, ageMs = 90 * DAY) {
  const account = await buildSignedInUser(db(), { createdAt: new Date(Date.now() - ageMs) });
  const res = await confirm(account.headers, await requestCode(account.headers, address));
  expect(res.statusCode, res.body).toBe(200);
  return account;
}

/** A LinkedIn claim submitted by the account and decided by an admin. */
async function linkedinDecision(headers: Headers, profile: string) {
  const sent = await verify(headers, {
    verification_method: 'linkedin',
    linkedin_profile: profile,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const queue = await inject({
    method: 'GET',
    url: '/api/admin/identity-claims?status=pending_review&limit=100',
    headers: admin,
  });
  const claims = queue.json().claims as { claim_id: string; profile_url: string }[];
  const claim = claims.find((c) => c.profile_url === sent.json().data.claim_value)!;
  return inject({
    method: 'PUT',
    url: `/api/admin/identity-claims/${claim.claim_id}`,
    headers: admin,
    payload: { decision: 'approved' },
  });
}

const post = (headers: Headers, payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/api/reviews', headers, payload });
const publicScore = async (entityId: string) =>
  (await inject({ method: 'GET', url: `/api/reviews/entity/${entityId}` })).json().entity
    .reputation_score as number;
const oneStar = (entityId: string, i: number) =>
  reviewPayload({
    entity_id: entityId,
    overall_rating: 1,
    category_ratings: { quality: 1, support: 1, reliability: 1, payment_speed: 1 },
    review_text: `They never paid us, avoid them at all costs (colleague number ${i} speaking).`,
  });

describe('normal forms', () => {
  it('one mailbox has one normal form: case, +tag, dots; the domain is the registrable one', () => {
    for (const spelling of ['ceo@acme.example', 'CEO+1@Acme.Example', 'c.e.o+x.y@acme.example.']) {
      expect(businessEmailForm(spelling), spelling).toEqual({
        key: 'ceo@acme.example',
        domain: 'acme.example',
      });
    }
    expect(businessEmailForm('ceo@mail.acme.co.uk')).toEqual({
      key: 'ceo@mail.acme.co.uk',
      domain: 'acme.co.uk',
    });
    // Nothing left of the local part: not an address we can compare.
    expect(businessEmailForm('+tag@acme.example')).toBeNull();
  });

  it('one LinkedIn profile has one normal form: case, trailing slash, locale path, www., query', () => {
    for (const url of [
      'https://www.linkedin.com/in/jane-doe',
      'https://www.linkedin.com/in/Jane-Doe/',
      'https://linkedin.com/in/JANE-DOE',
      'https://de.linkedin.com/in/jane-doe/de',
      'https://www.linkedin.com/in/jane-doe/pt-br/',
      'https://www.linkedin.com/in/jane-doe/en_US?trk=public_profile#about',
      'HTTPS://WWW.LINKEDIN.COM/in/jane-doe?originalSubdomain=uk',
    ]) {
      expect(checkLinkedinProfile(url), url).toEqual({
        ok: true,
        value: 'https://www.linkedin.com/in/jane-doe',
      });
    }
    expect(checkLinkedinProfile('https://www.linkedin.com/in/jane-doe/details/x').ok).toBe(false);
  });

  it('free and disposable providers come from the maintained lists, subdomains included', () => {
    for (const free of ['gmail.com', 'seznam.cz', 'wp.pl', 'mail.yahoo.com', 'proton.me']) {
      expect(mailProviderRefusal(free), free).toBe('free');
    }
    for (const disposable of ['0-mail.com', 'tempmail.dev', 'x.tempmail.dev']) {
      expect(mailProviderRefusal(disposable), disposable).toBe('disposable');
    }
    for (const business of ['acme.example', 'notgmail.com', 'acme.co.uk', 'mail.acme.co.uk']) {
      expect(mailProviderRefusal(business), business).toBeNull();
    }
  });

  it('sub-domains of the public suffix list’s private section are one organisation, and refused', () => {
    for (const [host, domain] of [
      ['x.duckdns.org', 'duckdns.org'],
      ['a.b.dynv6.net', 'dynv6.net'],
      ['team.github.io', 'github.io'],
      ['mail.acme.co.uk', 'acme.co.uk'],
    ] as const) {
      expect(registrableDomain(host), host).toBe(domain);
    }
    for (const shared of ['x.duckdns.org', 'mail.y.dynv6.net', 'team.github.io', 'acme.uk.com']) {
      expect(mailProviderRefusal(shared), shared).toBe('shared');
    }
    // The service's own domain is its organisation's.
    expect(mailProviderRefusal('duckdns.org')).toBeNull();
  });
});

describe('one mailbox, one profile: one account', () => {
  it('regression: ceo+1@, ceo+2@ and C.E.O@ of one domain verify one account only (409)', async () => {
    const first = await verifiedAt('ceo+1@onevoice-a.example');
    expect(await userRow(first.user.id)).toMatchObject({
      identityValue: 'ceo@onevoice-a.example',
      identityDomain: 'onevoice-a.example',
    });
    for (const alias of ['ceo+2@onevoice-a.example', 'C.E.O@OneVoice-A.example']) {
      const other = await buildSignedInUser(db());
      const code = await requestCode(other.headers, alias);
      const res = await confirm(other.headers, code);
      expect(res.statusCode, alias).toBe(409);
      expect(res.json().error).toBe(IDENTITY_SERVER_MESSAGES.businessEmailTaken);
      expect((await userRow(other.user.id)).identityVerified).toBe(false);
    }
  });

  it('regression: two accounts confirming spellings of one mailbox at once: exactly one wins', async () => {
    const a = await buildSignedInUser(db());
    const b = await buildSignedInUser(db());
    const codeA = await requestCode(a.headers, 'race+a@onevoice-b.example');
    const codeB = await requestCode(b.headers, 'race+b@onevoice-b.example');
    const answers = await Promise.all([confirm(a.headers, codeA), confirm(b.headers, codeB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.identityValue, 'race@onevoice-b.example'));
    expect(holders).toHaveLength(1);
  });

  it('the database holds one normal form to one account (unique index)', async () => {
    const identity = {
      identityVerified: true,
      identityMethod: 'business_email',
      identityValue: 'dup@onevoice-c.example',
    };
    await buildUser(db(), identity);
    await expect(buildUser(db(), identity)).rejects.toThrow();
    // Written past the API, a value that is not in normal form is refused too.
    await expect(
      buildUser(db(), { ...identity, identityValue: 'Other@onevoice-c.example' }),
    ).rejects.toThrow();
  });

  it('regression: free-mail and disposable providers beyond the old hand list are refused (400)', async () => {
    const { headers } = await buildSignedInUser(db());
    for (const [address, message] of [
      ['me@seznam.cz', IDENTITY_MESSAGES.freeEmailProvider],
      ['me@wp.pl', IDENTITY_MESSAGES.freeEmailProvider],
      ['me@0-mail.com', IDENTITY_SERVER_MESSAGES.disposableEmailProvider],
      ['me@tempmail.dev', IDENTITY_SERVER_MESSAGES.disposableEmailProvider],
    ] as const) {
      const res = await verify(headers, {
        verification_method: 'business_email',
        business_email: address,
      });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error).toBe(message);
      expect(await mailsTo(db(), address)).toHaveLength(0);
    }
  });

  it('regression: five sub-domains of free dynamic-DNS services cannot verify five organisations (400)', async () => {
    for (const address of [
      'ceo@x.dynv6.net',
      'ceo@y.duckdns.org',
      'boss@z.duckdns.org',
      'owner@mail.w.dynv6.net',
      'me@acme-reviews.github.io',
    ]) {
      const { headers, user } = await buildSignedInUser(db());
      const res = await verify(headers, {
        verification_method: 'business_email',
        business_email: address,
      });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error).toBe(IDENTITY_SERVER_MESSAGES.sharedDomain);
      expect(await mailsTo(db(), address)).toHaveLength(0);
      expect((await userRow(user.id)).identityVerified).toBe(false);
    }
  });

  it('regression: Tuta and other free mailboxes the npm list misses are refused as free (400)', async () => {
    const { headers } = await buildSignedInUser(db());
    for (const address of [
      'me@tuta.io',
      'me@tuta.com',
      'me@tutanota.com',
      'me@tutanota.de',
      'me@tutamail.com',
      'me@keemail.me',
      'Me@Mail.Tuta.IO',
      'me@mailfence.com',
      'me@posteo.de',
    ]) {
      const res = await verify(headers, {
        verification_method: 'business_email',
        business_email: address,
      });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error, address).toBe(IDENTITY_MESSAGES.freeEmailProvider);
      expect(await mailsTo(db(), address)).toHaveLength(0);
    }
    // A company's own domain that merely contains a provider's name still verifies.
    const company = await verify(headers, {
      verification_method: 'business_email',
      business_email: 'me@tuta-logistics.example',
    });
    expect(company.statusCode, company.body).toBe(200);
  });

  it('regression: one LinkedIn profile in another spelling cannot verify a second account (409)', async () => {
    const first = await buildSignedInUser(db());
    const ok = await linkedinDecision(first.headers, 'https://www.linkedin.com/in/one-voice-jane');
    expect(ok.statusCode, ok.body).toBe(200);
    for (const spelling of [
      'https://www.linkedin.com/in/One-Voice-Jane/',
      'https://de.linkedin.com/in/one-voice-jane/de?trk=x',
    ]) {
      const other = await buildSignedInUser(db());
      const res = await linkedinDecision(other.headers, spelling);
      expect(res.statusCode, spelling).toBe(409);
      expect(res.json().error).toBe(IDENTITY_SERVER_MESSAGES.linkedinTaken);
      expect((await userRow(other.user.id)).identityVerified).toBe(false);
    }
  });
});

/** An approved entity with one published review of each rating, by established accounts. */
async function entityRatedBy(ratings: number[]) {
  const entity = await buildEntity(db(), { verificationStatus: 'approved' });
  for (const rating of ratings) {
    const { headers } = await buildSignedInUser(db());
    const res = await post(
      headers,
      reviewPayload({ entity_id: entity.id, overall_rating: rating }),
    );
    expect(res.json().review.review_status).toBe('approved');
  }
  return entity;
}

describe('one voice per domain in the TrustScore', () => {
  it('measured: 6 new accounts verified at one domain posting 1★ move a 4–5★ entity by < 0.3', async () => {
    const entity = await entityRatedBy([4, 5, 4, 5]);
    const before = await publicScore(entity.id);
    const answers = [];
    for (let i = 1; i <= 6; i++) {
      // A catch-all domain: six different mailboxes, six verified accounts an hour old.
      const { headers } = await verifiedAt(`staff${i}@swarm-co.example`, HOUR);
      answers.push(await post(headers, oneStar(entity.id, i)));
      // Published, the first five are one voice: they move the score by less than 0.3.
      if (i === 5) expect(Math.abs((await publicScore(entity.id)) - before)).toBeLessThan(0.3);
    }
    const after = await publicScore(entity.id);
    expect(Math.abs(after - before)).toBeLessThan(0.3);
    // Verified lifts the new-account hold (five published)…
    expect(answers.slice(0, 5).map((a) => a.json().review.review_status)).toEqual(
      Array(5).fill('approved'),
    );
    // …but not the burst hold: the 6th waits for a moderator, verified or not, and the whole
    // burst waits with it (the five go back to Review Moderation, out of the score).
    expect(answers[5]!.json().review.review_status).toBe('pending');
    expect(answers[5]!.json().message).toBe(REVIEW_MESSAGES.heldBurst);
    for (const answer of answers) {
      expect(await readReview(db(), answer.json().review.review_id)).toMatchObject({
        status: 'pending',
        holdReason: 'burst',
      });
    }
    expect((await readEntity(db(), entity.id)).totalReviews).toBe(4);
    expect(after).toBe(before);

    // What a moderator approves stays published when the burst goes on.
    const first = answers[0]!.json().review.review_id as string;
    const approved = await inject({
      method: 'PUT',
      url: `/api/reviews/${first}/moderate`,
      headers: admin,
      payload: { action: 'approve', admin_notes: null },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const seventh = await verifiedAt('staff7@swarm-co.example', HOUR);
    const held = await post(seventh.headers, oneStar(entity.id, 7));
    expect(held.json().review.review_status).toBe('pending');
    expect((await readReview(db(), first)).status).toBe('approved');
  });

  it('regression: five new accounts verified at five organisations move a score by 0.3 at most; the rest wait', async () => {
    const entity = await entityRatedBy([4, 4, 3, 4]);
    const before = await publicScore(entity.id);
    // Five real organisations, five verified accounts an hour old: five voices of full weight,
    // fewer than a burst's count, posting at once.
    const swarm = [];
    for (let i = 1; i <= 5; i++) swarm.push(await verifiedAt(`ceo@young-org-${i}.example`, HOUR));
    const answers = await Promise.all(
      swarm.map((s, i) => post(s.headers, oneStar(entity.id, 50 + i))),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const after = await publicScore(entity.id);
    expect(Math.abs(after - before)).toBeLessThanOrEqual(0.3);

    const published = answers.filter((a) => a.json().review.review_status === 'approved');
    const held = answers.filter((a) => a.json().review.review_status === 'pending');
    expect(published.length).toBeGreaterThan(0);
    expect(held.length).toBeGreaterThan(0);
    expect(published.length + held.length).toBe(5);
    for (const answer of held) {
      expect(answer.json().message).toBe(REVIEW_MESSAGES.heldBurst);
      expect(await readReview(db(), answer.json().review.review_id)).toMatchObject({
        status: 'pending',
        holdReason: 'burst',
        adminNotes: REVIEW_MESSAGES.holdNoteScoreMove,
        publishedAt: null,
      });
    }
    expect((await readEntity(db(), entity.id)).totalReviews).toBe(4 + published.length);

    // A moderator may publish a held one: it is the moderator's call, past the bound.
    const approved = await inject({
      method: 'PUT',
      url: `/api/reviews/${held[0]!.json().review.review_id}/moderate`,
      headers: admin,
      payload: { action: 'approve', admin_notes: null },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await publicScore(entity.id)).toBeLessThan(after);
  });

  it('the bound holds upwards too, and an established account is not held by it', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    for (const rating of [2, 2, 3, 2]) {
      const { headers } = await buildSignedInUser(db());
      await post(
        headers,
        reviewPayload({
          entity_id: entity.id,
          overall_rating: rating,
          review_text: `Slow payouts, weak support, not recommended at all (${rating}, ${Math.random()}).`,
        }),
      );
    }
    const before = await publicScore(entity.id);
    const statuses = [];
    for (let i = 1; i <= 5; i++) {
      const { headers } = await verifiedAt(`cfo@boost-org-${i}.example`, 2 * DAY);
      const res = await post(headers, reviewPayload({ entity_id: entity.id, overall_rating: 5 }));
      statuses.push(res.json().review.review_status);
    }
    expect(statuses).toContain('pending');
    const after = await publicScore(entity.id);
    expect(after - before).toBeGreaterThan(0);
    expect(after - before).toBeLessThanOrEqual(0.3);
    // An established verified account's review is no young voice: published, whatever it moves.
    const { headers } = await verifiedAt('cfo@boost-org-old.example');
    const res = await post(headers, reviewPayload({ entity_id: entity.id, overall_rating: 5 }));
    expect(res.json().review.review_status).toBe('approved');
  });

  it('regression: reviews from one domain weigh as one voice, not added up', async () => {
    const alone = await buildEntity(db(), { verificationStatus: 'approved' });
    const crowd = await buildEntity(db(), { verificationStatus: 'approved' });
    const at = (n: number) => ({
      identityVerified: true,
      identityMethod: 'business_email',
      identityValue: `p${n}-${Math.random()}@crowd-co.example`,
      identityDomain: 'crowd-co.example',
    });
    const one = await buildUser(db(), at(0));
    await post((await signIn(one)).headers, oneStar(alone.id, 300));
    for (let i = 1; i <= 3; i++) {
      const u = await buildUser(db(), at(i));
      const res = await post((await signIn(u)).headers, oneStar(crowd.id, 300 + i));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await readEntity(db(), crowd.id)).totalReviews).toBe(3);
    expect(await publicScore(crowd.id)).toBe(await publicScore(alone.id));
  });
});

async function signIn(user: UserRow) {
  return { headers: await authHeader(db(), user) };
}

describe('contact reads per verified domain', () => {
  const search = (headers: Headers) =>
    inject({ method: 'GET', url: '/api/affiliate-companies/contacts/search?q=ada', headers });

  it('regression: accounts verified at one domain share the contact-read allowance (429)', async () => {
    const a = await verifiedAt('reader-a@readers-co.example');
    const b = await verifiedAt('reader-b@readers-co.example');
    const elsewhere = await verifiedAt('reader@other-readers.example');
    for (let i = 0; i < CONTACT_READS_PER_HOUR - 1; i++) {
      expect((await search(a.headers)).statusCode).toBe(200);
    }
    expect((await search(b.headers)).statusCode).toBe(200);
    const refused = await search(b.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/limited to 3 per hour/);
    expect((await search(a.headers)).statusCode).toBe(429);
    // Another domain keeps its own allowance.
    expect((await search(elsewhere.headers)).statusCode).toBe(200);
  });
});

describe('banned accounts and held voters', () => {
  const setStatus = (id: string, status: 'active' | 'banned') =>
    inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/status`,
      headers: admin,
      payload: { status, reason: 'Test of the ban holds' },
    });
  const publicIds = async (entityId: string, sort = 'recent') =>
    (
      (await inject({ method: 'GET', url: `/api/reviews/entity/${entityId}?sort=${sort}` })).json()
        .reviews as { review_id: string }[]
    ).map((r) => r.review_id);

  it('regression: a ban takes the reviews out of the lists and the score at once; unbanning restores them', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const fair = await buildSignedInUser(db());
    await post(fair.headers, reviewPayload({ entity_id: entity.id, overall_rating: 5 }));
    const scoreWithout = await publicScore(entity.id);
    const troll = await buildSignedInUser(db());
    const bad = (await post(troll.headers, oneStar(entity.id, 99))).json().review.review_id;
    const scoreWith = await publicScore(entity.id);
    expect(scoreWith).toBeLessThan(scoreWithout);

    expect((await setStatus(troll.user.id, 'banned')).statusCode).toBe(200);
    expect(await publicIds(entity.id)).not.toContain(bad);
    expect(await publicScore(entity.id)).toBe(scoreWithout);
    expect((await readEntity(db(), entity.id)).totalReviews).toBe(1);
    // Held, not deleted: admins find it in Review Moderation with the badge.
    expect(await readReview(db(), bad)).toMatchObject({ status: 'pending', holdReason: 'banned' });
    const queue = await inject({
      method: 'GET',
      url: '/api/reviews/admin/moderation?status=pending&limit=100',
      headers: admin,
    });
    const held = (queue.json().reviews as { review_id: string; hold_reason: string }[]).find(
      (r) => r.review_id === bad,
    );
    expect(held?.hold_reason).toBe('banned');

    expect((await setStatus(troll.user.id, 'active')).statusCode).toBe(200);
    expect(await publicIds(entity.id)).toContain(bad);
    expect(await publicScore(entity.id)).toBe(scoreWith);
    expect(await readReview(db(), bad)).toMatchObject({ status: 'approved', holdReason: null });
  });

  it("regression: votes of accounts a swarm check holds (or a ban) do not reorder 'Most helpful'", async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const author1 = await buildUser(db());
    const author2 = await buildUser(db());
    const r1 = await buildReview(db(), { entityId: entity.id, reviewerUserId: author1.id });
    const r2 = await buildReview(db(), { entityId: entity.id, reviewerUserId: author2.id });
    const vote = (id: string, headers: Headers) =>
      inject({
        method: 'POST',
        url: `/api/reviews/${id}/vote`,
        headers,
        payload: { vote_type: 'helpful' },
      });
    const established = await buildSignedInUser(db());
    expect((await vote(r1.id, established.headers)).statusCode).toBe(200);
    // Two accounts three days old (their votes count at once) push r2 to the top.
    const swarm = [
      await buildSignedInUser(db(), { createdAt: new Date(Date.now() - 3 * DAY) }),
      await buildSignedInUser(db(), { createdAt: new Date(Date.now() - 3 * DAY) }),
    ];
    for (const s of swarm) expect((await vote(r2.id, s.headers)).statusCode).toBe(200);
    expect((await publicIds(entity.id, 'helpful')).slice(0, 2)).toEqual([r2.id, r1.id]);

    // The same accounts join a burst on another entity: the swarm guard holds them.
    const target = await buildEntity(db(), { verificationStatus: 'approved' });
    for (let i = 0; i < 5; i++) {
      const young = await buildUser(db(), { createdAt: new Date(Date.now() - 2 * DAY) });
      await buildReview(db(), { entityId: target.id, reviewerUserId: young.id });
    }
    const heldIds: string[] = [];
    for (const [i, s] of swarm.entries()) {
      const res = await post(s.headers, oneStar(target.id, 200 + i));
      expect(res.json().review.review_status).toBe('pending');
      heldIds.push(res.json().review.review_id);
    }
    expect((await publicIds(entity.id, 'helpful')).slice(0, 2)).toEqual([r1.id, r2.id]);
    expect((await readReview(db(), r2.id)).helpfulVotes).toBe(0);

    // A moderator who approves one held review gives that account's vote back.
    const approved = await inject({
      method: 'PUT',
      url: `/api/reviews/${heldIds[0]}/moderate`,
      headers: admin,
      payload: { action: 'approve', admin_notes: null },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await readReview(db(), r2.id)).helpfulVotes).toBe(1);

    // A ban takes a voter's votes out too.
    expect((await setStatus(established.user.id, 'banned')).statusCode).toBe(200);
    expect((await readReview(db(), r1.id)).helpfulVotes).toBe(0);
    const still = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.id, r1.id), eq(reviews.status, 'approved')));
    expect(still[0]!.n).toBe(1);
  });
});
