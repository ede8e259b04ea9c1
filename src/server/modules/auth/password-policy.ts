import { dictionary } from '@zxcvbn-ts/language-common';
import { hash, verify } from '@node-rs/argon2';

/**
 * The ~49,000 most common passwords, most common first, from zxcvbn-ts's maintained list
 * (built from the leaked-password corpora the original zxcvbn used).
 */
const commonPasswords = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used passwords, so it is easy to guess. Please choose a less common one.';

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase());

/** Argon2id at OWASP's minimum: 19 MiB, 2 passes, 1 lane (docs/decisions/002-password-hashing.md). */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

export const verifyPassword = ({ hash: digest, password }: { hash: string; password: string }) =>
  verify(digest, password).catch(() => false);
