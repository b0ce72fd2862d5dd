// Secrets every server instance must share (issue 25: the key that signs a staff member's proof of
// the member chosen). Created once by whichever instance needs it first (INSERT … ON CONFLICT DO
// NOTHING, then read back), never kept in one process only: every instance signs and checks with
// the same key, and a restart changes nothing.
import { pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'

export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  /** 32 random bytes, base64url. */
  value: text().notNull(),
  createdAt: instant().notNull().defaultNow(),
})
