-- What the database functions' step (src/server/db/functions.ts) applied last: a SHA-256 per file of
-- src/server/db/functions/. A start applies the files again when the folder differs from this.
-- Beside Drizzle's own bookkeeping, out of the app's schema.
CREATE TABLE drizzle.__database_functions (
  name text PRIMARY KEY,
  sha256 text NOT NULL
);
