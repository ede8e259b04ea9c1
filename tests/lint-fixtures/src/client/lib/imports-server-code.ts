// expect: no-restricted-imports
// The client may import server types only: this is server code.
import { escapeHtml } from '../../server/pages/html.ts';

export const safe = (text: string) => escapeHtml(text);
