import fs from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import * as reviewRoutes from '@trustlinks/contract/routes/reviews';
import { useTestApp } from '../../../test/helpers';
import {
  buildEntity,
  buildReview,
  buildSignedInUser,
  countRows,
  reviewPayload,
  useAdminHeader,
} from '../../../test/factories';
import { inject as injectRoute } from '../../../test/inject';
import { reviewProofs, reviews } from '../../db/schema';
import { proofFileName } from './reviews.proofs';

// Decision 024: a payment proof is stored and served under the extension of what its bytes are, a
// PDF that scripts or carries files is refused, and downloads never render in the browser.

const ctx = useTestApp();
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`);
const PLAIN_PDF = pdf('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj');
const file = (name: string, data: Buffer) => ({
  file_name: name,
  data_base64: data.toString('base64'),
});

/** A published review whose author may download its proofs (for rows written directly). */
async function storedReview(proofCount: number) {
  const entity = await buildEntity(db(), { verificationStatus: 'approved' });
  const { user } = await buildSignedInUser(db());
  return buildReview(db(), { entityId: entity.id, reviewerUserId: user.id, proofCount });
}

async function postProofs(proof_attachments: unknown[]) {
  const entity = await buildEntity(db(), { verificationStatus: 'approved' });
  const author = await buildSignedInUser(db());
  const res = await inject({
    method: 'POST',
    url: '/api/reviews',
    headers: author.headers,
    payload: reviewPayload({ entity_id: entity.id, proof_attachments }),
  });
  return { res, author };
}

describe('a review carries its payment proofs in one body', () => {
  it('takes the most proof files allowed, over the server-wide body limit', async () => {
    // Each file just under its limit: the body is several times the 1 MB every other route takes.
    const big = Buffer.concat([PNG, Buffer.alloc(REVIEW_LIMITS.proofFileMaxBytes - PNG.length)]);
    const files = Array.from({ length: REVIEW_LIMITS.proofFilesMax }, (_, i) =>
      file(`invoice-${i + 1}.png`, big),
    );
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const author = await buildSignedInUser(db());
    const res = await injectRoute(ctx.app, reviewRoutes.create, {
      headers: author.headers,
      body: reviewPayload({ entity_id: entity.id, proof_attachments: files }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.answer().review.proofs?.map((p) => p.size_bytes)).toEqual(
      files.map(() => REVIEW_LIMITS.proofFileMaxBytes),
    );
  });
});

describe('payment proof names follow their bytes', () => {
  it('stores and serves invoice.html holding PNG bytes as invoice.png (regression)', async () => {
    const first = await postProofs([
      file('invoice.html', PNG),
      file('scan', JPEG),
      file('Statement.JPEG', JPEG),
    ]);
    expect(first.res.statusCode, first.res.body).toBe(201);
    const review = first.res.json().review;
    expect(review.proofs.map((p: { file_name: string }) => p.file_name)).toEqual([
      'invoice.png',
      'scan.jpg',
      'Statement.JPEG',
    ]);
    const stored = await db()
      .select({ fileName: reviewProofs.fileName })
      .from(reviewProofs)
      .where(eq(reviewProofs.reviewId, review.review_id));
    expect(stored.map((row) => row.fileName).sort()).toEqual(
      ['Statement.JPEG', 'invoice.png', 'scan.jpg'].sort(),
    );

    for (const headers of [first.author.headers, admin]) {
      const download = await inject({
        method: 'GET',
        url: `/api/reviews/${review.review_id}/proofs/${review.proofs[0].proof_id}`,
        headers,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="invoice.png"; filename*=UTF-8''invoice.png`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['cache-control']).toContain('no-store');
      expect(download.rawPayload.equals(PNG)).toBe(true);
    }

    const pdfNamedPng = await postProofs([file('receipt.png', PLAIN_PDF)]);
    expect(pdfNamedPng.res.statusCode, pdfNamedPng.res.body).toBe(201);
    expect(pdfNamedPng.res.json().review.proofs[0].file_name).toBe('receipt.pdf');
  });

  it('serves a file stored before under its old name with the extension of its type', async () => {
    const review = await storedReview(1);
    const [proof] = await db()
      .insert(reviewProofs)
      .values({
        reviewId: review.id,
        fileName: 'old-invoice.html',
        contentType: 'image/png',
        sizeBytes: PNG.length,
        data: PNG,
      })
      .returning();
    const download = await inject({
      method: 'GET',
      url: `/api/reviews/${review.id}/proofs/${proof!.id}`,
      headers: admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="old-invoice.png"; filename*=UTF-8''old-invoice.png`,
    );
  });

  it('migration 0022 renames the stored files by the same rule as new uploads', async () => {
    const review = await storedReview(6);
    const cases: [string, 'image/png' | 'image/jpeg' | 'application/pdf'][] = [
      ['invoice.html', 'image/png'],
      ['payout.PNG', 'image/png'],
      ['bank', 'image/jpeg'],
      ['photo.jpeg', 'image/jpeg'],
      ['statement.pdf.exe', 'application/pdf'],
      [`${'x'.repeat(198)}.h`, 'application/pdf'],
    ];
    const rows = await db()
      .insert(reviewProofs)
      .values(
        cases.map(([fileName, contentType]) => ({
          reviewId: review.id,
          fileName,
          contentType,
          sizeBytes: 1,
          data: Buffer.from([0]),
        })),
      )
      .returning({ id: reviewProofs.id });
    const migration = fs.readFileSync(
      new URL('../../../drizzle/0022_proof_file_extensions.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db().execute(sql.raw(statement));
    }
    for (const [i, [fileName, contentType]] of cases.entries()) {
      const [row] = await db()
        .select({ fileName: reviewProofs.fileName })
        .from(reviewProofs)
        .where(eq(reviewProofs.id, rows[i]!.id));
      expect(row!.fileName).toBe(proofFileName(fileName, contentType));
    }
    expect(proofFileName('invoice.html', 'image/png')).toBe('invoice.png');
    expect(proofFileName('statement.pdf.exe', 'application/pdf')).toBe('statement.pdf.pdf');
    expect(proofFileName(`${'x'.repeat(198)}.h`, 'application/pdf')).toHaveLength(200);
  });
});

describe('a payment proof PDF may not script or carry files', () => {
  const objectStream = (content: string) => {
    const data = deflateSync(Buffer.from(content));
    return Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      ),
      data,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
  };

  it('refuses JavaScript, embedded files and self-running actions with 400, storing nothing (regression)', async () => {
    const reviewsBefore = await countRows(db(), reviews);
    const proofsBefore = await countRows(db(), reviewProofs);
    const active: [string, Buffer][] = [
      [
        'open-js.pdf',
        pdf(
          '1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj',
        ),
      ],
      ['names-js.pdf', pdf('1 0 obj\n<< /Type /Catalog /Names << /JavaScript 3 0 R >> >>\nendobj')],
      [
        'attached.pdf',
        pdf('1 0 obj\n<< /Type /Catalog /Names << /EmbeddedFiles 4 0 R >> >>\nendobj'),
      ],
      [
        'launch.pdf',
        pdf('1 0 obj\n<< /Type /Catalog /OpenAction << /S /Launch /F (calc.exe) >> >>\nendobj'),
      ],
      ['escaped.pdf', pdf('1 0 obj\n<< /OpenAction << /S /J#61vaScript /J#53 (x) >> >>\nendobj')],
      ['packed.pdf', objectStream('3 0 << /S /JavaScript /JS (app.alert(1)) >>')],
      // A PDF under another name is checked all the same.
      ['invoice.png', pdf('1 0 obj\n<< /Type /EmbeddedFile /Length 0 >>\nendobj')],
    ];
    for (const [name, data] of active) {
      const { res } = await postProofs([file('fine.png', PNG), file(name, data)]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toBe(REVIEW_MESSAGES.proofActivePdf(name));
    }
    const hexPacked = Buffer.concat([
      Buffer.from(
        '%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode /Length 8 >>\nstream\n',
      ),
      Buffer.from('3 0 << >>'),
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    const { res } = await postProofs([file('hex.pdf', hexPacked)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(REVIEW_MESSAGES.proofUncheckablePdf('hex.pdf'));
    expect(await countRows(db(), reviews)).toBe(reviewsBefore);
    expect(await countRows(db(), reviewProofs)).toBe(proofsBefore);

    // A plain PDF, packed or not, is stored.
    const plain = await postProofs([
      file('statement.pdf', PLAIN_PDF),
      file('packed.pdf', objectStream('3 0 << /Type /Page /Parent 2 0 R >>')),
    ]);
    expect(plain.res.statusCode, plain.res.body).toBe(201);
  });
});
