import * as reviews from '@trustlinks/contract/routes/reviews';
import { ApiClientError, errorMessageFrom, routeUrl } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/**
 * Downloads a payment proof file (GET /reviews/{id}/proofs/{proofId}; admins and the author).
 * The file comes as bytes with the session's bearer token, so it is fetched here and handed to
 * the browser as a download; it is never opened in the page.
 */
export async function downloadProof(reviewId: string, proofId: string, fileName: string) {
  const token = getToken();
  const response = await fetch(
    routeUrl(reviews.downloadProof, { params: { id: reviewId, proofId } }),
    { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiClientError(errorMessageFrom(body, response.status), response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
