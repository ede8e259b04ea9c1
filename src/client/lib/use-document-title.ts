import { useEffect } from 'react';

export const APP_NAME = 'betproof';

/** Sets the tab title: 'Sign In · betproof', or just 'betproof' without a page name. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_NAME}` : APP_NAME;
  }, [page]);
}
