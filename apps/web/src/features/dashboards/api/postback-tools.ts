import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversionStatusInput } from '@trustlinks/contract/conversions';
import * as conversions from '@trustlinks/contract/routes/conversions';
import { call } from '../../../lib/api-client';

// An offer's postbacks and conversions, for its advertiser (docs/decisions/049).

const logKey = (offerId: string) => ['postback-log', offerId] as const;

/** GET /offers/{id}/postbacks: the offer's last postbacks, newest first. */
export function usePostbackLog(offerId: string | null) {
  return useQuery({
    queryKey: logKey(offerId ?? ''),
    queryFn: ({ signal }) =>
      call(conversions.postbackLog, { params: { id: offerId ?? '' } }, { signal }),
    enabled: offerId !== null,
  });
}

/** POST /offers/{id}/postbacks/test: a test conversion, then the log again. */
export function useSendTestConversion(offerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(conversions.sendTest, { params: { id: offerId ?? '' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logKey(offerId ?? '') }),
  });
}

/** PUT /offers/{id}/conversions/{clickId}: the owner's status; Results read again. */
export function useSetConversionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { offerId: string; clickId: string; body: ConversionStatusInput }) =>
      call(conversions.setStatus, {
        params: { id: input.offerId, clickId: input.clickId },
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['results'] }),
  });
}
