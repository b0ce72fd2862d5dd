// drizzle-kit: `npm run db:generate` writes SQL migrations from the schema; the server applies
// them at start (src/server/db/client.ts), on the embedded PostgreSQL and at DATABASE_URL alike.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
})
