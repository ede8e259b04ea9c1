/**
 * The ~49,000 most common passwords, from zxcvbn-ts's maintained list (built from the
 * leaked-password corpora the original zxcvbn used), lower-cased. A module of its own, which
 * password-policy.ts imports when the first password is checked: the package decompresses its
 * lists as it is imported (with the other modules loaded when first used, ~100 ms of a server's
 * start: bench/RESULTS.md, the startup section).
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const commonPasswords: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);
