/**
 * Runs a call and, when it fails, logs it under the wrapper message of docs/product/errors.md ('Failed to fetch
 * companies', …) before passing the error on unchanged: the caller still sees the server's own
 * message and status (a 401, a 429 with its advice).
 */
export async function withFailureLog<T>(
  wrapperMessage: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.error(`${wrapperMessage}:`, error instanceof Error ? error.message : error);
    }
    throw error;
  }
}
