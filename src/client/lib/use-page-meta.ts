import { useContext, useEffect } from 'react';
import { PageMetaCollector, useDocumentTitle } from './use-document-title.ts';

const selector = 'meta[name="description"]';
/** index.html's description, restored when a page that set its own goes away. */
const defaultDescription =
  typeof document === 'undefined' ? '' : (document.querySelector(selector)?.getAttribute('content') ?? '');

/**
 * A page's tab title and `<meta name="description">`: `usePageMeta('About Us', 'Why we built…')`.
 * The description goes back to the site-wide one when the page unmounts.
 */
export function usePageMeta(title: string | undefined, description: string) {
  useDocumentTitle(title);
  useContext(PageMetaCollector)?.({ description });
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>(selector);
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
    return () => {
      meta.content = defaultDescription;
    };
  }, [description]);
}
