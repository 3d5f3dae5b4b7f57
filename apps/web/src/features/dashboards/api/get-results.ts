import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultPeriod, ResultsQuery, ResultsResponse } from '@trustlinks/contract/results';
import * as results from '@trustlinks/contract/routes/results';
import { ApiClientError, call, errorMessageFrom, routeUrl } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/**
 * Whose results: one own offer's (per affiliate), all the caller's own offers (per offer) or the
 * caller's own traffic (per offer).
 */
export type ResultsSource =
  { kind: 'offer'; offerId: string } | { kind: 'ownOffers' } | { kind: 'mine' };

/** A preset period or a custom range of UTC days (YYYY-MM-DD, both included). */
export type ResultsPeriod = { preset: ResultPeriod } | { from: string; to: string };

function queryOf(period: ResultsPeriod): ResultsQuery {
  return 'preset' in period ? { period: period.preset } : { from: period.from, to: period.to };
}

/** GET /offers/{id}/results, /results/own-offers or /results/mine (docs/decisions/031). */
export function getResults(
  source: ResultsSource,
  period: ResultsPeriod,
  signal?: AbortSignal,
): Promise<ResultsResponse> {
  const query = queryOf(period);
  if (source.kind === 'offer') {
    return call(results.ofOffer, { params: { id: source.offerId }, query }, { signal });
  }
  return call(
    source.kind === 'ownOffers' ? results.ownOffers : results.mine,
    { query },
    { signal },
  );
}

export function getResultsQueryOptions(source: ResultsSource, period: ResultsPeriod) {
  return queryOptions({
    queryKey: ['results', source, period] as const,
    queryFn: ({ signal }) => getResults(source, period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useResults(source: ResultsSource | null, period: ResultsPeriod) {
  return useQuery({
    ...getResultsQueryOptions(source ?? { kind: 'mine' }, period),
    enabled: source !== null,
  });
}

/** The file name the server gives in Content-Disposition, else a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'results.csv';
}

/**
 * GET …/results/csv: the same numbers as a CSV download. It needs the session's bearer token,
 * so it is fetched here and handed to the browser as a file.
 */
export async function downloadResultsCsv(source: ResultsSource, period: ResultsPeriod) {
  const token = getToken();
  const query = queryOf(period);
  const address =
    source.kind === 'offer'
      ? routeUrl(results.ofOfferCsv, { params: { id: source.offerId }, query })
      : routeUrl(source.kind === 'ownOffers' ? results.ownOffersCsv : results.mineCsv, { query });
  const response = await fetch(address, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiClientError(errorMessageFrom(body, response.status), response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
