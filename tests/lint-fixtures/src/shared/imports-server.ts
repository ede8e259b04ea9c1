// expect: import-x/no-restricted-paths
// Shared code runs in the browser too: it may not import server code.
import { escapeHtml } from '../server/pages/html.ts';

export const safe = (text: string) => escapeHtml(text);
