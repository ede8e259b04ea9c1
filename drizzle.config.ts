import { defineConfig } from 'drizzle-kit';

// Migrations are generated against an in-memory PGlite so no server is needed to author them.
export default defineConfig({
  dialect: 'postgresql',
  driver: 'pglite',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  dbCredentials: { url: 'memory://' },
});
