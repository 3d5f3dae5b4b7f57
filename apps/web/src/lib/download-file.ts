import { ApiClientError, errorMessageFrom } from './api-client';
import { getToken } from './session';

/** Hands `blob` to the browser as a download named `fileName`, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server gives in Content-Disposition, else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads an API file that needs the session's bearer token: fetched here, then handed to the
 * browser as a file (never opened in the page). It is saved as `fileName` when given, else under
 * the server's name (or `fallbackName`). A refusal throws ApiClientError with the server's message.
 */
export async function downloadFile(
  address: string,
  name: { fileName: string } | { fallbackName: string },
) {
  const token = getToken();
  const response = await fetch(address, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiClientError(errorMessageFrom(body, response.status), response.status, body);
  }
  const fileName = 'fileName' in name ? name.fileName : fileNameOf(response, name.fallbackName);
  saveBlob(await response.blob(), fileName);
}
