/**
 * What a person typed into a form whose submit found the session ended, kept in sessionStorage
 * (this tab only, gone when it closes) until they are back on the page after signing in: the form
 * then opens with it. Keyed by account, so whoever signs in next in the tab never sees another's.
 */
const storageKey = (userId: string, form: string) => `betproof:draft:${form}:${userId}`;

export function saveDraft<T extends object>(userId: string, form: string, values: T): void {
  try {
    sessionStorage.setItem(storageKey(userId, form), JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still shows what was typed until the page is left.
  }
}

/** The draft kept for this form and account; null when there is none. */
export function readDraft<T extends object>(userId: string, form: string): Partial<T> | null {
  try {
    const text = sessionStorage.getItem(storageKey(userId, form));
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null ? (value as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** Forgets the draft once the form holds it again. */
export function clearDraft(userId: string, form: string): void {
  try {
    sessionStorage.removeItem(storageKey(userId, form));
  } catch {
    // Nothing was kept.
  }
}
