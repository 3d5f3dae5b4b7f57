import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultPeriod, ResultsQuery, ResultsResponse } from '@trustlinks/contract/results';
import * as results from '@trustlinks/contract/routes/results';
import { call, routeUrl } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

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

/**
 * GET …/results/csv: the same numbers as a CSV download. It needs the session's bearer token,
 * so it is fetched here and handed to the browser as a file.
 */
export async function downloadResultsCsv(
  source: ResultsSource,
  period: ResultsPeriod,
  /** 'conversions': one row per conversion with its status (docs/decisions/049). */
  include?: 'conversions',
) {
  const query: ResultsQuery = { ...queryOf(period), ...(include ? { include } : {}) };
  const address =
    source.kind === 'offer'
      ? routeUrl(results.ofOfferCsv, { params: { id: source.offerId }, query })
      : routeUrl(source.kind === 'ownOffers' ? results.ownOffersCsv : results.mineCsv, { query });
  await downloadFile(address, {
    fallbackName: include ? 'results-conversions.csv' : 'results.csv',
  });
}
