import * as reviews from '@trustlinks/contract/routes/reviews';
import { routeUrl } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/**
 * Downloads a payment proof file (GET /reviews/{id}/proofs/{proofId}; admins and the author).
 * The file comes as bytes with the session's bearer token; it is never opened in the page.
 */
export async function downloadProof(reviewId: string, proofId: string, fileName: string) {
  await downloadFile(routeUrl(reviews.downloadProof, { params: { id: reviewId, proofId } }), {
    fileName,
  });
}
