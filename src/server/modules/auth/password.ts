/**
 * How a password is stored: argon2id hashing and its check. The one hash function of the app:
 * Better Auth stores and checks passwords with it (better-auth.ts), and the seed script hashes
 * its accounts' password with it too (db/seed.ts), so a seeded account signs in like any other.
 */
import { hash, verify } from '@node-rs/argon2';

/** Argon2id at OWASP's minimum: 19 MiB, 2 passes, 1 lane (docs/decisions/002-password-hashing.md). */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

/** False, not an error, for a wrong password or a malformed stored hash. */
export const verifyPassword = ({ hash: digest, password }: { hash: string; password: string }) =>
  verify(digest, password).catch(() => false);
