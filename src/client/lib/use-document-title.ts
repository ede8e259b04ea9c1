import { createContext, useContext, useEffect } from 'react';

export const APP_NAME = 'betproof';

/** The tab title of a page: 'Sign In · betproof', or just 'betproof' without a page name. */
export const documentTitle = (page?: string) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/**
 * What the page being rendered on the server asked for as its title and description (ssr/render.tsx
 * provides one per render and writes it into the document's head). In the browser there is none:
 * the effects below set them, as they do on every client-side navigation.
 */
export interface PageMeta {
  title?: string;
  description?: string;
}
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Sets the tab title: 'Sign In · betproof', or just 'betproof' without a page name. */
export function useDocumentTitle(page?: string) {
  // Effects don't run on the server: a render there records the title as it renders.
  useContext(PageMetaCollector)?.({ title: documentTitle(page) });
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
