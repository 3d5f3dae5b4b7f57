import { useEffect } from 'react';

const APP_NAME = 'TrustLinks';

/** "{title} · TrustLinks", or just the app name for no title (also the server's <title>). */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets the tab title to documentTitle(title). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
