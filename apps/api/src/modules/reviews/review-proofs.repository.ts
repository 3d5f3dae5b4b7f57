import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviewProofs, type ReviewProofRow } from '../../db/schema';

// ---- payment proofs

/** Stores the review's files; returns their descriptions (not their bytes), in order. */
export async function insertProofs(
  db: DbOrTx,
  reviewId: string,
  files: { fileName: string; contentType: string; data: Buffer }[],
): Promise<Omit<ReviewProofRow, 'data'>[]> {
  if (files.length === 0) return [];
  const now = Date.now();
  return db
    .insert(reviewProofs)
    .values(
      files.map((f, i) => ({
        // A millisecond apart: the files keep the order they were attached in.
        createdAt: new Date(now + i),
        reviewId,
        fileName: f.fileName,
        contentType: f.contentType,
        sizeBytes: f.data.length,
        data: f.data,
      })),
    )
    .returning(proofDescription);
}

const proofDescription = {
  id: reviewProofs.id,
  reviewId: reviewProofs.reviewId,
  fileName: reviewProofs.fileName,
  contentType: reviewProofs.contentType,
  sizeBytes: reviewProofs.sizeBytes,
  createdAt: reviewProofs.createdAt,
};

/** The proofs' descriptions (not their bytes) of these reviews. */
export async function proofsOf(
  db: DbOrTx,
  reviewIds: string[],
): Promise<Map<string, Omit<ReviewProofRow, 'data'>[]>> {
  const map = new Map<string, Omit<ReviewProofRow, 'data'>[]>();
  if (reviewIds.length === 0) return map;
  const rows = await db
    .select(proofDescription)
    .from(reviewProofs)
    .where(inArray(reviewProofs.reviewId, reviewIds))
    .orderBy(asc(reviewProofs.createdAt), asc(reviewProofs.id));
  for (const r of rows) map.set(r.reviewId, [...(map.get(r.reviewId) ?? []), r]);
  return map;
}

export async function findProof(
  db: DbOrTx,
  reviewId: string,
  proofId: string,
): Promise<ReviewProofRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewProofs)
    .where(and(eq(reviewProofs.id, proofId), eq(reviewProofs.reviewId, reviewId)))
    .limit(1);
  return row;
}
