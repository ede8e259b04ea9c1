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
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | null {
  interface Step {
    item: unknown;
    key?: string;
    parent?: Step;
  }
  const pathOf = (step: Step | undefined, key?: string) => {
    const keys = key === undefined ? [] : [key];
    for (let s = step; s?.key !== undefined; s = s.parent) keys.push(s.key);
    return keys.reverse().join('.');
  };
  const pending: Step[] = [{ item: value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const { item } = step;
    if (typeof item === 'string') {
      if (isUnstorableText(item)) return pathOf(step);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    // Pushed in reverse, so fields are checked in order.
    for (const [key, child] of Object.entries(item).reverse()) {
      if (isUnstorableText(key)) return pathOf(step, key);
      pending.push({ item: child, key, parent: step });
    }
  }
  return null;
}
