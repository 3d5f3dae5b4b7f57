import { useState } from 'react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Download from 'lucide-react/icons/download';
import FileCheck from 'lucide-react/icons/file-check';
import type { Review } from '@trustlinks/contract/reviews';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { downloadProof } from '../api/download-proof';
import { useSetProofVerified } from '../api/verify-proof';
import { PROOF_TEXT as T } from '../reviews-texts';

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A review's payment proof files for admins and the author (docs/decisions/012): download each, and for
 * admins mark the proof verified (the public label 'Payment proof verified') or take that back.
 */
export function ReviewProofs({ review, canVerify }: { review: Review; canVerify?: boolean }) {
  const verify = useSetProofVerified();
  const [busy, setBusy] = useState<string | null>(null);
  const proofs = review.proofs ?? [];
  if (proofs.length === 0) return null;

  async function handleDownload(proofId: string, fileName: string) {
    setBusy(proofId);
    try {
      await downloadProof(review.review_id, proofId, fileName);
    } catch (error) {
      toast.error(serverMessage(error) ?? T.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  function handleVerify(verified: boolean) {
    verify.mutate(
      { reviewId: review.review_id, verified },
      {
        onSuccess: (data) => toast.success(data.message),
        onError: (error) => toast.error(serverMessage(error) ?? T.markFailed),
      },
    );
  }

  return (
    <div className="mt-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium">
          <FileCheck aria-hidden="true" className="size-4 text-muted-foreground" />
          {T.label}
        </p>
        {review.proof_verified ? (
          <Badge variant="success">
            <BadgeCheck aria-hidden="true" />
            {T.verified}
          </Badge>
        ) : (
          <Badge variant="outline">{T.notVerified}</Badge>
        )}
      </div>
      <ul aria-label={T.files} className="mt-2 flex flex-wrap gap-2">
        {proofs.map((p) => (
          <li key={p.proof_id}>
            <Button
              size="sm"
              variant="outline"
              aria-label={T.download(p.file_name)}
              disabled={busy === p.proof_id}
              onClick={() => void handleDownload(p.proof_id, p.file_name)}
            >
              <Download aria-hidden="true" />
              <span className="max-w-48 truncate">{p.file_name}</span>
              <span className="text-muted-foreground">{size(p.size_bytes)}</span>
            </Button>
          </li>
        ))}
      </ul>
      {canVerify ? (
        <div className="mt-3">
          {review.proof_verified ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={verify.isPending}
              onClick={() => handleVerify(false)}
            >
              {T.unmark}
            </Button>
          ) : (
            <Button size="sm" disabled={verify.isPending} onClick={() => handleVerify(true)}>
              <BadgeCheck aria-hidden="true" />
              {T.markVerified}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
