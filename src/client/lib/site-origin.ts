/*
 * This site's origin ('https://betproof.example'), for addresses a page shows in full. In the
 * browser it is the page's own; when the server renders a page (src/client/ssr/render.tsx) it is
 * the configured BASE_URL, which is the address browsers reach the site at, so both renders agree.
 */
let serverOrigin = '';

/** Called by the server's render before it renders a page that shows one. */
export function setServerOrigin(origin: string) {
  serverOrigin = origin.replace(/\/+$/, '');
}

export const siteOrigin = () => (typeof window === 'undefined' ? serverOrigin : window.location.origin);
