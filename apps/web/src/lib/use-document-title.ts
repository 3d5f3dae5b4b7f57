import { useEffect } from 'react';

const APP_NAME = 'TrustLinks';

/** Sets the tab title to "{title} · TrustLinks", or just the app name for no title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
