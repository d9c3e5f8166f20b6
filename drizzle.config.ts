import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed as SQL; the server applies them at
// start (server/db/client.ts). Generating needs no database connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
