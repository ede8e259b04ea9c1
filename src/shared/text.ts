/**
 * Text the database can store exactly. PostgreSQL refuses U+0000 in text and jsonb (the insert
 * fails), and the drivers encode an unpaired UTF-16 surrogate as U+FFFD, so it would come back
 * different from what was sent. Input holding either is refused instead.
 */

/** A lone high surrogate (not followed by a low one) or a lone low surrogate (not preceded by a high one). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain a NUL character or an unpaired surrogate';

/** True when `text` holds U+0000 or an unpaired surrogate. */
export const isUnstorableText = (text: string) => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);

/**
 * The path (keys joined by '.', '' for the value itself) of the first string in a JSON-like value
 * that the database cannot store exactly, checking object keys too; null when there is none.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isUnstorableText(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (isUnstorableText(key)) return at.join('.');
    const found = findUnstorableText(item, at);
    if (found !== null) return found;
  }
  return null;
}
