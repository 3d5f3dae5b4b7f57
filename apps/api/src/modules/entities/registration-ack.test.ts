import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { mailsTo, registrationPayload } from '../../../test/factories';

// Decision 027: registering a company mails an acknowledgement to the company's address, which nobody
// has proven: the mail must carry no text of the form (it could be an advert aimed at the mailbox).

const ctx = useTestApp();
const { db, inject } = ctx;
const register = (payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/api/entities/register', payload });

describe('POST /api/entities/register acknowledgement', () => {
  it('mails the company address once, without any text of the form', async () => {
    const advert = 'Cheap pills at spam.example';
    const payload = registrationPayload('advertiser', {
      name: `${advert} Ltd`,
      description: `${advert}: the best deals for everyone reading this.`,
      additional_notes: `${advert} notes`,
    });
    const res = await register(payload);
    expect(res.statusCode, res.body).toBe(201);
    const mails = await mailsTo(db(), payload.email as string);
    expect(mails.map((m) => m.template)).toEqual(['registration_received']);
    const [mail] = mails;
    for (const body of [mail!.subject, mail!.textBody, mail!.htmlBody]) {
      expect(body).not.toContain('spam.example');
      expect(body).not.toContain('Cheap pills');
      expect(body).not.toContain('compliant traffic');
    }
  });

  it('mails nothing when the registration is refused', async () => {
    const payload = registrationPayload('network', { website_url: 'not a url' });
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(await mailsTo(db(), payload.email as string)).toEqual([]);
  });

  it('mails nothing for a duplicate pending registration (409)', async () => {
    const payload = registrationPayload('affiliate');
    expect((await register(payload)).statusCode).toBe(201);
    const again = await register({ ...payload });
    expect(again.statusCode).toBe(409);
    expect(await mailsTo(db(), payload.email as string)).toHaveLength(1);
  });
});
