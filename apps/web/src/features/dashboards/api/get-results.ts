import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultPeriod, ResultsResponse } from '@trustlinks/contract/results';
import { api, ApiClientError, buildUrl, errorMessageFrom } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** Whose results: one own offer's (per affiliate) or the caller's own traffic (per offer). */
export type ResultsSource = { kind: 'offer'; offerId: string } | { kind: 'mine' };

/** A preset period or a custom range of UTC days (YYYY-MM-DD, both included). */
export type ResultsPeriod = { preset: ResultPeriod } | { from: string; to: string };

function pathOf(source: ResultsSource): string {
  return source.kind === 'offer'
    ? `/offers/${encodeURIComponent(source.offerId)}/results`
    : '/results/mine';
}

function queryOf(period: ResultsPeriod): QueryParams {
  return 'preset' in period ? { period: period.preset } : { from: period.from, to: period.to };
}

/** GET /offers/{id}/results or /results/mine (docs/decisions/031). */
export function getResults(
  source: ResultsSource,
  period: ResultsPeriod,
  signal?: AbortSignal,
): Promise<ResultsResponse> {
  return api.get<ResultsResponse>(pathOf(source), { query: queryOf(period), signal });
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
  const response = await fetch(buildUrl(`${pathOf(source)}/csv`, queryOf(period)), {
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
